import { expect, test } from '@playwright/test';

test.describe('unknown paths', () => {
  test('show the German 404 page with HTTP 404', async ({ page }) => {
    const response = await page.goto('/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeVisible();
    await expect(page.getByText('Seite nicht gefunden: /does-not-exist')).toBeVisible();
    await expect(page.getByRole('main').getByText(/404/).first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByRole('link', { name: 'Support kontaktieren' })).toHaveAttribute(
      'href',
      '/support',
    );
  });

  test('show the English 404 page under /en with HTTP 404', async ({ page }) => {
    const response = await page.goto('/en/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('Page not found: /en/does-not-exist')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/en/support',
    );
  });

  test('a multi-segment path is the 404 page too', async ({ page }) => {
    const response = await page.goto('/a/b/c');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Seite nicht gefunden: /a/b/c')).toBeVisible();
  });

  test('known pages answer 200 and the language switch keeps the page', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The choice is remembered: the bare home page now opens in English.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });

  test('bots get no error page', async ({ request }) => {
    const response = await request.get('/does-not-exist', {
      headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });
});
