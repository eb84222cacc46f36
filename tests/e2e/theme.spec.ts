import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

// The colour theme (docs/architecture.md#colour-theme): the system's preference by default, a
// choice in the user menu that is remembered, and the right theme from the first paint on.

const html = (page: Page) => page.locator('html');

/** Loads `path` with every script file refused: only the inline theme script in <head> runs. */
async function firstPaint(page: Page, path: string) {
  // From a blank page: nothing the page before started (a load it was still making) can cut
  // this navigation short.
  await page.goto('about:blank');
  await page.route('**/assets/**/*.js', (route) => route.abort());
  await page.goto(path);
  const state = await page.evaluate(() => ({
    dark: document.documentElement.classList.contains('dark'),
    scheme: getComputedStyle(document.documentElement).colorScheme,
    hydrated: Object.keys(document.querySelector('#root *') ?? {}).some((key) =>
      key.startsWith('__react'),
    ),
  }));
  await page.unroute('**/assets/**/*.js');
  return state;
}

test.describe('a browser set to dark', () => {
  test.use({ colorScheme: 'dark' });

  test('gets dark pages before any app script ran, prerendered ones included', async ({ page }) => {
    for (const path of ['/', '/login', '/en/register', '/agb', '/forgot-password']) {
      expect(await firstPaint(page, path), path).toEqual({
        dark: true,
        scheme: 'dark',
        hydrated: false,
      });
    }
    // The same pages with the app running stay dark (hydration does not undo the class).
    await gotoHydrated(page, '/login');
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });

  test('the user menu chooses light, dark or the system, and the choice is remembered', async ({
    page,
  }) => {
    await signUpInUi(page, 'de', { email: uniqueEmail('theme'), password: 'Dunkel-Modus-42' });
    await expect(html(page)).toHaveClass(/\bdark\b/);

    const menu = page.getByRole('button', { name: /Benutzermenü für/ });
    await menu.click();
    const themes = page.getByRole('group', { name: 'Darstellung' });
    await expect(themes.getByRole('menuitemradio', { name: 'Wie das System' })).toBeChecked();
    await themes.getByRole('menuitemradio', { name: 'Hell' }).click();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.keyboard.press('Escape');

    // Remembered: light from the first paint on, although the system is dark.
    expect(await firstPaint(page, '/dashboard')).toMatchObject({ dark: false, scheme: 'light' });
    // The server renders /notes with its data: the menu answers once the page has hydrated.
    await gotoHydrated(page, '/en/notes');
    await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
    await expect(html(page)).not.toHaveClass(/\bdark\b/);

    // Back to the system: dark again, and it follows the system while the page is open.
    await page.getByRole('button', { name: /User menu for/ }).click();
    await page
      .getByRole('group', { name: 'Appearance' })
      .getByRole('menuitemradio', { name: 'Same as system' })
      .click();
    await expect(html(page)).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html(page)).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html(page)).toHaveClass(/\bdark\b/);
  });
});

test('the user menu leads to profile, subscription, support and the other language', async ({
  page,
}) => {
  await signUpInUi(page, 'de', { email: uniqueEmail('usermenu'), password: 'Benutzer-Menue-7' });
  const open = () => page.getByRole('button', { name: /Benutzermenü für/ }).click();

  await open();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await open();
  await page.getByRole('menuitem', { name: 'Abo und Minuten' }).click();
  await expect(page).toHaveURL(/\/settings\/subscription$/);
  // The free plan shows its name once, without a "Kostenlos" badge beside it.
  await expect(page.locator('[data-slot=plan-name]')).toHaveText(/Free/);
  await expect(page.getByText('Kostenlos', { exact: true })).toHaveCount(0);
  await open();
  await page.getByRole('menuitem', { name: 'Hilfe und Support' }).click();
  await expect(page).toHaveURL(/\/support$/);

  await open();
  const english = page.getByRole('menuitem', { name: 'English' });
  await expect(english).toHaveAttribute('href', '/en/support');
  await english.click();
  await expect(page).toHaveURL(/\/en\/support$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('menu')).toHaveCount(0);
});
