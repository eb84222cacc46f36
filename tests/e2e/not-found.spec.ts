import { expect, test } from '@playwright/test';
import { isHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

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
    // Remembering the language is the script's part: until hydration the link is a plain link.
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.getByRole('banner').getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // The choice is remembered: the bare home page now opens in English.
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
  });

  test('a page whose id parameter is no id is the 404 page, signed in or not', async ({ page }) => {
    const response = await page.goto('/notes?note=abc');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Seite nicht gefunden: /notes')).toBeVisible();

    await signUpInUi(page, 'de', { email: uniqueEmail('bad-param'), password: 'geheim-12345' });
    // Moving inside the app: the client decides alone, as the server would.
    await page.evaluate(() => {
      history.pushState(null, '', '/notes?folder_id=x');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByText('Seite nicht gefunden: /notes')).toBeVisible();
    const english = await page.goto('/en/saved-notes?note=0');
    expect(english?.status()).toBe(404);
    await expect(page.getByText('Page not found: /en/saved-notes')).toBeVisible();
    // A well-formed id is the page itself.
    expect((await page.goto('/notes?note=1'))?.status()).toBe(200);
  });

  test('bots get no error page', async ({ request }) => {
    const response = await request.get('/does-not-exist', {
      headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
    });
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toContain('<div id="root">');
  });
});
