import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { tabTo } from './support/keyboard.ts';
import { markdown, seedNote } from './support/notes.ts';

// Summarising a finished note again and restoring the summary before it, against the real
// server (docs/uploads.md#summarising-again): once in German with the mouse, once in English with
// the keyboard only. The e2e server has no language model, so the built-in summariser writes the
// new summary (free); the new structure is what shows the change. The Markdown export follows
// the current summary throughout.

const TEXT = {
  de: {
    prefix: '',
    summary: 'Zusammenfassung',
    open: 'Neu zusammenfassen',
    free: 'Kostenlos: Es werden keine Minuten berechnet.',
    bulletsRadio: 'Stichpunkte',
    bulletsHeading: 'Stichpunkte',
    versions: 'Versionen',
    view1: 'Version 1 ansehen',
    restore1: 'Version 1 wiederherstellen',
    confirm1: 'Ja, Version 1 wiederherstellen',
    current: 'Aktuell',
  },
  en: {
    prefix: '/en',
    summary: 'Summary',
    open: 'Summarise again',
    free: 'Free: no minutes are charged.',
    bulletsRadio: 'Bullet points',
    bulletsHeading: 'Key points',
    versions: 'Versions',
    view1: 'View version 1',
    restore1: 'Restore version 1',
    confirm1: 'Yes, restore version 1',
    current: 'Current',
  },
} as const;

/** Presses Tab until the element named `name` with `role` has the focus. */
const tabToNamed = (page: Page, role: 'button' | 'radio', name: string) =>
  tabTo(page, page.getByRole(role, { name, exact: true }));

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];
  const keyboard = locale === 'en';
  test(`summarises a note again and restores the summary before (${locale}${keyboard ? ', keyboard only' : ''})`, async ({
    page,
    request,
  }) => {
    await signUpInUi(page, locale, {
      email: uniqueEmail(`resummary-${locale}`),
      password: 'richtig-geheim-1',
    });
    const note = await seedNote(page, request, { name: `Neu zusammenfassen ${locale}` });
    const before = await markdown(page, request, note.id);

    await gotoHydrated(page, `${t.prefix}/notes?note=${note.id}`);
    await expect(page.getByRole('heading', { name: t.summary, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.bulletsHeading })).toHaveCount(0);

    const dialog = page.getByRole('dialog', { name: t.open });
    if (keyboard) {
      await tabToNamed(page, 'button', t.open);
      await page.keyboard.press('Enter');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(t.free)).toBeVisible();
      // The structure's radios: the checked one takes the focus, arrows choose.
      await tabToNamed(page, 'radio', 'Results minutes');
      // Held like a real key: Radix moves the focus a tick after keydown and checks while it is down.
      for (const next of [
        'Detailed minutes',
        'Works council meeting',
        'Owners’ meeting',
        'Members’ meeting',
        t.bulletsRadio,
      ]) {
        await page.keyboard.down('ArrowDown');
        await expect(dialog.getByRole('radio', { name: next })).toBeChecked();
        await page.keyboard.up('ArrowDown');
      }
      await tabToNamed(page, 'button', t.open);
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('button', { name: t.open }).click();
      await expect(dialog.getByText(t.free)).toBeVisible();
      await dialog.getByRole('radio', { name: t.bulletsRadio }).click();
      await dialog.getByRole('button', { name: t.open }).click();
    }
    await expect(dialog).toBeHidden();
    // The reader follows the new summary until it is written.
    await expect(page.getByRole('heading', { name: t.bulletsHeading })).toBeVisible({
      timeout: 30_000,
    });
    await expect.poll(() => markdown(page, request, note.id)).not.toBe(before);

    const versions = page.getByRole('dialog', { name: /./ });
    if (keyboard) {
      await tabToNamed(page, 'button', t.versions);
      await page.keyboard.press('Enter');
      await expect(versions.getByRole('listitem')).toHaveCount(2);
      await tabToNamed(page, 'button', t.view1);
      await page.keyboard.press('Enter');
      await tabToNamed(page, 'button', t.restore1);
      await page.keyboard.press('Enter');
      await tabToNamed(page, 'button', t.confirm1);
      await page.keyboard.press('Enter');
    } else {
      await page.getByRole('button', { name: t.versions }).click();
      const items = versions.getByRole('listitem');
      await expect(items).toHaveCount(2);
      await expect(items.first()).toContainText(t.current);
      await versions.getByRole('button', { name: t.view1 }).click();
      await versions.getByRole('button', { name: t.restore1 }).click();
      await versions.getByRole('button', { name: t.confirm1 }).click();
    }
    await expect(versions).toBeHidden();
    await expect(page.getByRole('heading', { name: t.bulletsHeading })).toHaveCount(0);
    expect(await markdown(page, request, note.id)).toBe(before);
  });
}
