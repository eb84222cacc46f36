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

  // Backwards into the header: past the sign-in button to the language switch.
  const language = page.getByRole('button', { name: /Sprache/ });
  for (let i = 0; i < 5 && !(await language.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Shift+Tab');
  }
  await expect(language).toBeFocused();
  await page.keyboard.press('Enter');
  const english = page.getByRole('menuitemradio', { name: 'English' });
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(english).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/en\/does-not-exist$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Page not found: /en/does-not-exist')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
