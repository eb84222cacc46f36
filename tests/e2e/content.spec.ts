import { expect, test } from '@playwright/test';
import { problemsOf } from './support/page-problems.ts';

// Content pages /{slug} (docs/product.md#content-pages): prerendered Markdown, counterpart
// slugs per language, the footer, and 404 for a slug that does not exist.

test.describe('content pages', () => {
  test('the registration form links to the terms and the privacy policy (German)', async ({
    page,
  }) => {
    await page.goto('/register');
    await expect(page.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    await page.getByRole('link', { name: 'AGB' }).first().click();
    await expect(page).toHaveURL(/\/agb$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Allgemeine Geschäftsbedingungen' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Allgemeine Geschäftsbedingungen – Protokoll');
    await expect(page.getByRole('navigation', { name: 'Inhalt' })).toBeVisible();
  });

  test('the registration form links to the terms and the privacy policy (English)', async ({
    page,
  }) => {
    await page.goto('/en/register');
    await expect(page.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/en/privacy',
    );
    await page.getByRole('link', { name: 'terms and conditions' }).click();
    await expect(page).toHaveURL(/\/en\/terms$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Terms and conditions' }),
    ).toBeVisible();
    await expect(page).toHaveTitle('Terms and conditions – Protokoll');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('a nested help page arrives as HTML, hydrates, and switches to its counterpart', async ({
    page,
    request,
  }) => {
    const response = await request.get('/hilfe/aufnahmen-hochladen');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Aufnahmen hochladen – Protokoll</title>');
    expect(html).toContain('<meta name="description" content="Welche Audiodateien');
    expect(html).toContain('Welche Dateien funktionieren');

    const problems = problemsOf(page);
    await page.goto('/hilfe/aufnahmen-hochladen');
    await expect(
      page.getByRole('heading', { level: 2, name: /Welche Dateien funktionieren/ }),
    ).toHaveAttribute('id', 'welche-dateien-funktionieren');
    // In-page links move without a page load.
    await page.getByRole('main').getByRole('link', { name: 'Minuten und Tarife' }).click();
    await expect(page).toHaveURL(/\/hilfe\/minuten-und-tarife$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Minuten und Tarife' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
    // Visitors switch language through the header's links (docs/i18n.md#language-switch).
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en\/help\/minutes-and-plans$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Minutes and plans' })).toBeVisible();
    await expect(page).toHaveTitle('Minutes and plans – Protokoll');
    await expect(footer.getByRole('link', { name: 'Legal notice' })).toHaveAttribute(
      'href',
      '/en/legal-notice',
    );
    expect(problems).toEqual([]);
  });

  test('the English help page for uploads and the pricing from the catalogue', async ({ page }) => {
    const response = await page.goto('/en/help/uploading-recordings');
    expect(response?.status()).toBe(200);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Uploading recordings' }),
    ).toBeVisible();
    await page.goto('/preise');
    await expect(page.getByRole('cell', { name: 'Starter' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^9,00\s€$/ })).toBeVisible();
  });

  for (const [path, message] of [
    ['/hilfe/gibt-es-nicht', 'Seite nicht gefunden: /hilfe/gibt-es-nicht'],
    ['/en/agb', 'Page not found: /en/agb'],
  ] as const) {
    test(`the unknown slug ${path} answers 404 with the error page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByText(message)).toBeVisible();
    });
  }
});
