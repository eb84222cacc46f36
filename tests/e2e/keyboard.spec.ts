import { expect, test } from '@playwright/test';

test('keyboard only: skip link, then switch the language of a 404 page and stay on it', async ({
  page,
}) => {
  await page.goto('/does-not-exist');
  await expect(page.getByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeVisible();

  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  // Backwards into the header: past the sign-in button to the language link
  // (docs/i18n.md#language-switch).
  const english = page.getByRole('banner').getByRole('link', { name: 'English' });
  for (let i = 0; i < 5 && !(await english.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(english).toBeFocused();
  await expect(english).toHaveAttribute('href', '/en/does-not-exist');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/en\/does-not-exist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Page not found: /en/does-not-exist')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
