import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { accessToken, seedNote } from './support/notes.ts';

// Editing a transcript against the real server (docs/product.md#editing-the-transcript): in
// German on a desktop window by keyboard only, in English on a phone by pointer. A line is
// changed and saved, the change survives a reload, the search finds the new word, the download
// carries it; find and replace with its preview, undo, the change history, and a second tab
// whose change comes first. The OpenAI peer transcribes the recording as "Passage 1 from 0.0 to
// 5.0 seconds." and so on.

const TEXT = {
  de: {
    prefix: '',
    viewport: { width: 1280, height: 720 },
    note: 'Redaktionssitzung Bearbeitung',
    edit: 'Transkript bearbeiten',
    lineField: 'Text der Zeile bei 0:00',
    anyLine: /^Text der Zeile bei /,
    saved: 'Änderung gespeichert.',
    replace: 'Suchen und ersetzen',
    find: 'Suchen nach',
    with: 'Ersetzen durch',
    submit: (n: number) => `Alle ${n} Fundstellen ersetzen`,
    hits: (n: number) => `${n} Fundstellen`,
    undo: 'Rückgängig',
    undone: 'Änderung rückgängig gemacht.',
    history: 'Änderungsverlauf',
    replaced: 'Ersetzt',
    textChanged: 'Text geändert',
    wasUndone: 'rückgängig gemacht',
    conflict: 'Diese Notiz wurde inzwischen an anderer Stelle geändert',
    reload: 'Neu laden',
    search: 'Notizen durchsuchen',
    newWord: 'Eröffnungsrede',
    secondTab: 'Zweiter Tab war schneller.',
    firstTab: 'Erster Tab kommt zu spät.',
  },
  en: {
    prefix: '/en',
    viewport: { width: 390, height: 844 },
    note: 'Editorial meeting editing',
    edit: 'Edit transcript',
    lineField: 'Text of the line at 0:00',
    anyLine: /^Text of the line at /,
    saved: 'Change saved.',
    replace: 'Find and replace',
    find: 'Find',
    with: 'Replace with',
    submit: (n: number) => `Replace all ${n} matches`,
    hits: (n: number) => `${n} matches`,
    undo: 'Undo',
    undone: 'Change undone.',
    history: 'Change history',
    replaced: 'Replaced',
    textChanged: 'Text changed',
    wasUndone: 'undone',
    conflict: 'This note has been changed elsewhere in the meantime',
    reload: 'Reload',
    search: 'Search notes',
    newWord: 'Openingspeech',
    secondTab: 'The second tab was faster.',
    firstTab: 'The first tab is too late.',
  },
} as const;

/** The button of transcript line `index` (absent while that line is open in its field). */
const line = (page: Page, index: number): Locator =>
  page
    .locator('[data-slot="reader-transcript"] ol > li')
    .nth(index)
    .locator('[data-slot="transcript-line"]');

/** Presses Tab until `target` has the focus. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];
  const keyboard = locale === 'de';

  test(`transcript editing (${locale}, ${t.viewport.width}px${keyboard ? ', keyboard only' : ''}): a line, find and replace, undo, history, a second tab`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(t.viewport);
    await signUpInUi(page, locale, {
      email: uniqueEmail(`edit-${locale}`),
      password: 'Bearbeiten-1',
    });
    const note = await seedNote(page, request, { name: t.note });
    const lines = note.segments.length;
    expect(lines).toBeGreaterThan(2);
    await gotoHydrated(page, `${t.prefix}/notes?note=${note.id}`);
    await expect(page.getByRole('heading', { level: 1, name: t.note })).toBeVisible();

    // --- One line, changed and saved. ---
    const toggle = page.getByRole('button', { name: t.edit });
    const newText = `${t.newWord} und Begrüßung.`;
    if (keyboard) {
      await tabTo(page, toggle);
      await page.keyboard.press('Enter');
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await tabTo(page, line(page, 0));
      await page.keyboard.press('Enter');
      const field = page.getByRole('textbox', { name: t.lineField });
      await expect(field).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(newText);
    } else {
      await toggle.click();
      await line(page, 0).click();
      await page.getByRole('textbox', { name: t.lineField }).fill(newText);
    }
    // The target: visible at once, stored within 200 ms on this machine (printed, not
    // asserted: a timing is a measurement, docs/decisions/016-transcript-revisions.md).
    const stored = page.waitForResponse(
      (answer) =>
        answer.url().endsWith(`/api/note/${note.id}/transcript`) &&
        answer.request().method() === 'POST',
    );
    const pressed = performance.now();
    await page.keyboard.press('Enter');
    await expect(line(page, 0)).toContainText(newText);
    const visibleMs = performance.now() - pressed;
    expect((await stored).ok()).toBe(true);
    const storedMs = performance.now() - pressed;
    console.log(
      `transcript edit (${locale}): visible after ${visibleMs.toFixed(0)} ms, stored after ${storedMs.toFixed(0)} ms`,
    );
    if (keyboard) await expect(line(page, 0)).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: t.saved })).toBeVisible();

    // Stored: a reload shows it, the search finds the new word at that line, the download has it.
    await page.reload();
    await expect(line(page, 0)).toContainText(newText);
    const token = await accessToken(page);
    const found = await request.get(`/api/note/list?search_query=${t.newWord}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const list = (await found.json()) as { notes: { id: number; search_hit?: { line: number } }[] };
    expect(list.notes.find((n) => n.id === note.id)?.search_hit?.line).toBe(0);
    const txt = await request.get(`/api/note/${note.id}/txt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const download = (await txt.json()) as { data: string };
    expect(Buffer.from(download.data, 'base64').toString('utf8')).toContain(newText);

    // --- Find and replace, previewed. ---
    await page.getByRole('button', { name: t.edit }).click();
    await page.getByRole('button', { name: t.replace }).click();
    const dialog = page.getByRole('dialog', { name: t.replace });
    await dialog.getByRole('textbox', { name: t.find }).fill('Passage');
    await dialog.getByRole('textbox', { name: t.with }).fill('Abschnitt');
    const replaced = lines - 1;
    await expect(dialog.getByText(t.hits(replaced), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: t.submit(replaced) }).click();
    await expect(dialog).toBeHidden();
    await expect(line(page, 1)).toContainText('Abschnitt 2 from');
    await expect(page.locator('[data-slot="transcript-line"]', { hasText: 'Passage' })).toHaveCount(
      0,
    );

    // --- Undo takes the replace back; the history lists both, the replace marked undone. ---
    await page.getByRole('button', { name: t.undo }).click();
    await expect(page.getByRole('status').filter({ hasText: t.undone })).toBeVisible();
    await expect(line(page, 1)).toContainText('Passage 2 from');
    await expect(line(page, 0)).toContainText(newText);
    await page.getByRole('button', { name: t.history }).click();
    const history = page.getByRole('dialog', { name: t.history });
    const entries = history.locator('[data-slot="revision-list"] > li');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText(t.replaced);
    await expect(entries.nth(0)).toContainText(t.wasUndone);
    await expect(entries.nth(1)).toContainText(t.textChanged);
    await page.keyboard.press('Escape');
    await expect(history).toBeHidden();

    // --- A second tab changes the note first: this tab's change is refused, then reloaded. ---
    const other = await context.newPage();
    await other.setViewportSize(t.viewport);
    await gotoHydrated(other, `${t.prefix}/notes?note=${note.id}`);
    await other.getByRole('button', { name: t.edit }).click();
    await line(other, 2).click();
    await other.getByRole('textbox', { name: t.anyLine }).fill(t.secondTab);
    await other.keyboard.press('Enter');
    await expect(other.getByRole('status').filter({ hasText: t.saved })).toBeVisible();
    await other.close();

    await line(page, 2).click();
    await page.getByRole('textbox', { name: t.anyLine }).fill(t.firstTab);
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: t.conflict });
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: t.reload }).click();
    await expect(line(page, 2)).toContainText(t.secondTab);
    await expect(line(page, 2)).not.toContainText(t.firstTab);
  });
}
