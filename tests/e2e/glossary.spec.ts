import { expect, test } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

// The user's glossary against the real server (docs/product.md#glossary): a term with heard
// spellings is added in the settings, survives a reload, and is deleted again; in German at
// desktop width, in English on a phone. Sending the terms to the engine and correcting
// near-misses run through the engine peer in packages/server/src/jobs/glossary.test.ts.

const TEXT = {
  de: {
    prefix: '',
    viewport: { width: 1280, height: 720 },
    heading: 'Glossar',
    term: 'Begriff',
    variants: 'Gehörte Schreibweisen',
    add: 'Begriff hinzufügen',
    added: '„Protokoll GmbH“ steht jetzt im Glossar.',
    remove: '„Protokoll GmbH“ löschen',
    removed: '„Protokoll GmbH“ wurde aus dem Glossar gelöscht.',
    empty: 'Noch keine Begriffe.',
  },
  en: {
    prefix: '/en',
    viewport: { width: 390, height: 844 },
    heading: 'Glossary',
    term: 'Term',
    variants: 'Heard spellings',
    add: 'Add term',
    added: '“Protokoll GmbH” is now in the glossary.',
    remove: 'Delete “Protokoll GmbH”',
    removed: '“Protokoll GmbH” was deleted from the glossary.',
    empty: 'No terms yet.',
  },
} as const;

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];
  test(`glossary (${locale}, ${t.viewport.width}px): add a term, reload, delete it`, async ({
    page,
  }) => {
    await page.setViewportSize(t.viewport);
    await signUpInUi(page, locale, {
      email: uniqueEmail(`glossary-${locale}`),
      password: 'Glossar-Begriff-1',
    });
    await gotoHydrated(page, `${t.prefix}/settings/glossary`);
    await expect(page.getByRole('heading', { name: t.heading, exact: true })).toBeVisible();
    await expect(page.getByText(t.empty)).toBeVisible();

    await page.getByRole('textbox', { name: t.term }).fill('Protokoll GmbH');
    await page.getByRole('textbox', { name: t.variants }).fill('Protokol GmbH, Protocoll');
    await page.getByRole('button', { name: t.add }).click();
    await expect(page.getByText(t.added)).toBeVisible();
    const row = page.locator('[data-slot="glossary-term"]');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Protokoll GmbH');
    await expect(row).toContainText('Protokol GmbH, Protocoll');
    // The form is empty again for the next term.
    await expect(page.getByRole('textbox', { name: t.term })).toHaveValue('');

    await page.reload();
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Protokoll GmbH');

    await page.getByRole('button', { name: t.remove }).click();
    await expect(page.getByText(t.removed)).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByText(t.empty)).toBeVisible();
  });
}
