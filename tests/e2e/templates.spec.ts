import { expect, test } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { tabTo } from './support/keyboard.ts';
import { markdown, seedNote } from './support/notes.ts';

// Summary templates against the real server (docs/product.md#summary-templates): an own template
// made from the Ergebnisprotokoll in the settings (a section left out, one renamed with its own
// instructions, one moved), made the default, kept over a reload, preselected by the new-note
// page, and chosen to summarise a note again: the reader follows its headings, the Markdown export
// the new summary, and the built-in summariser (the e2e server has no language model) says which
// instructions it could not follow. In German at desktop width with the mouse, in English on a
// phone with the settings by keyboard alone.

const TEXT = {
  de: {
    prefix: '',
    viewport: { width: 1280, height: 720 },
    create: 'Neue Vorlage anlegen',
    name: 'Name',
    own: 'Kundengespräch',
    edit: 'Bearbeiten: Kundengespräch',
    topics: '„Themen“ in der Zusammenfassung',
    overviewHeading: 'Überblick',
    renamed: 'Kurzfassung',
    moveUp: '„Aufgaben“ nach oben',
    heading: 'Überschrift',
    instructions: 'Anweisungen für das Sprachmodell',
    save: 'Speichern',
    saved: 'Vorlage gespeichert.',
    setDefault: 'Als Standard: Kundengespräch',
    defaultBadge: 'Standard',
    sections: 'Kurzfassung · Aufgaben · Beschlüsse',
    uploadTemplate: 'Vorlage',
    moreOptions: 'Weitere Optionen',
    summary: 'Zusammenfassung',
    open: 'Neu zusammenfassen',
    radio: 'Vorlage: Kundengespräch',
    unfollowed: 'nicht befolgt für: Kurzfassung',
    topicsHeading: 'Themen',
  },
  en: {
    prefix: '/en',
    viewport: { width: 390, height: 844 },
    create: 'Create a template',
    name: 'Name',
    own: 'Client call',
    edit: 'Edit: Client call',
    topics: '“Topics” in the summary',
    overviewHeading: 'Overview',
    renamed: 'In short',
    moveUp: 'Move “Action items” up',
    heading: 'Heading',
    instructions: 'Instructions for the language model',
    save: 'Save',
    saved: 'Template saved.',
    setDefault: 'Make default: Client call',
    defaultBadge: 'Default',
    sections: 'In short · Action items · Decisions',
    uploadTemplate: 'Template',
    moreOptions: 'More options',
    summary: 'Summary',
    open: 'Summarise again',
    radio: 'Template: Client call',
    unfollowed: 'not followed for: In short',
    topicsHeading: 'Topics',
  },
} as const;

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];
  const keyboard = locale === 'en';
  test(`templates (${locale}, ${t.viewport.width}px${keyboard ? ', settings by keyboard only' : ''}): make one, make it the default, summarise with it`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(t.viewport);
    await signUpInUi(page, locale, {
      email: uniqueEmail(`templates-${locale}`),
      password: 'Vorlage-Eigene-1',
    });
    const note = await seedNote(page, request, { name: `Vorlage ${locale}` });

    await gotoHydrated(page, `${t.prefix}/settings/templates`);
    const rows = page.locator('[data-slot="template-row"]');
    // One built-in template per structure, the three formal meeting types among them.
    await expect(rows).toHaveCount(8);
    const editor = page.locator('[data-slot="template-editor"]');
    const overview = editor.locator('[data-slot="template-section"]').first();
    const instructions =
      locale === 'de' ? 'Drei Stichpunkte für den Kunden.' : 'Three points for the client.';
    if (keyboard) {
      // The settings by keyboard alone: Tab to each control, type, Space and Enter.
      await tabTo(page, page.getByRole('textbox', { name: t.name }));
      await page.keyboard.type(t.own);
      await tabTo(page, page.getByRole('button', { name: t.create }));
      await page.keyboard.press('Enter');
      await expect(rows).toHaveCount(9);
      await tabTo(page, page.getByRole('button', { name: t.edit }), true);
      await page.keyboard.press('Enter');
      await tabTo(page, editor.getByRole('checkbox', { name: t.topics }));
      await page.keyboard.press('Space');
      await expect(editor.getByRole('checkbox', { name: t.topics })).not.toBeChecked();
      await tabTo(page, overview.getByRole('textbox', { name: t.heading }), true);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(t.renamed);
      await tabTo(page, overview.getByRole('textbox', { name: t.instructions }));
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(instructions);
      await tabTo(page, editor.getByRole('button', { name: t.moveUp }));
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('textbox', { name: t.name }).fill(t.own);
      await page.getByRole('button', { name: t.create }).click();
      await expect(rows).toHaveCount(9);
      await page.getByRole('button', { name: t.edit }).click();
      await expect(editor).toBeVisible();
      await editor.getByRole('checkbox', { name: t.topics }).click();
      await expect(editor.getByRole('checkbox', { name: t.topics })).not.toBeChecked();
      await overview.getByRole('textbox', { name: t.heading }).fill(t.renamed);
      await overview.getByRole('textbox', { name: t.instructions }).fill(instructions);
      await editor.getByRole('button', { name: t.moveUp }).click();
    }
    // The moved section is second now, its focus kept on the button that moved it.
    await expect(editor.locator('[data-slot="template-section"]').nth(1)).toContainText(
      locale === 'de' ? 'Aufgaben' : 'Action items',
    );
    await expect(editor.getByRole('button', { name: t.moveUp })).toBeFocused();
    if (keyboard) {
      await tabTo(page, editor.getByRole('button', { name: t.save }));
      await page.keyboard.press('Enter');
    } else {
      await editor.getByRole('button', { name: t.save }).click();
    }
    await expect(page.getByText(t.saved)).toBeVisible();
    if (keyboard) {
      await tabTo(page, page.getByRole('button', { name: t.setDefault }), true);
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('button', { name: t.setDefault }).click();
    }
    const own = rows.filter({ hasText: t.own });
    await expect(own).toContainText(t.defaultBadge);
    await expect(own).toContainText(t.sections);

    await page.reload();
    await expect(own).toContainText(t.defaultBadge);
    await expect(own).toContainText(t.sections);

    // The new-note page preselects the default template and names it in its options' summary.
    await gotoHydrated(page, `${t.prefix}/protocol`);
    const options = page.getByRole('button', { name: new RegExp(`^${t.moreOptions}`) });
    await expect(options).toContainText(t.own);
    await options.click();
    await expect(page.getByRole('combobox', { name: t.uploadTemplate })).toContainText(t.own);

    // Summarising the note again with it: its headings, its order, and what could not be followed.
    const before = await markdown(page, request, note.id);
    await gotoHydrated(page, `${t.prefix}/notes?note=${note.id}`);
    await expect(page.getByRole('heading', { name: t.summary, exact: true })).toBeVisible();
    await page.getByRole('button', { name: t.open }).click();
    const dialog = page.getByRole('dialog', { name: t.open });
    await dialog.getByRole('radio', { name: t.radio }).click();
    await dialog.getByRole('button', { name: new RegExp(`^${t.open}`) }).click();
    await expect(dialog).toBeHidden();
    const summary = page.locator('[data-slot="reader-summary"]');
    await expect(summary.getByRole('heading', { name: t.renamed })).toBeVisible({
      timeout: 30_000,
    });
    await expect(summary.getByRole('heading', { name: t.overviewHeading })).toHaveCount(0);
    await expect(summary.getByRole('heading', { name: t.topicsHeading })).toHaveCount(0);
    await expect(page.locator('[data-slot="template-unfollowed"]')).toContainText(t.unfollowed);
    // The export follows the new summary (its headings per template: exports/structure.test.ts).
    await expect.poll(() => markdown(page, request, note.id)).not.toBe(before);
  });
}
