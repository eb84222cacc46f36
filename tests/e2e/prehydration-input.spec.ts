import { expect, test, type Page } from '@playwright/test';
import { isHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

// What a visitor types into a prerendered form before its scripts have run survives hydration
// and is what the form sends (docs/architecture.md#prerendered-pages).

/** Holds every script of the page until `release` is called: the page stays plain HTML. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

test('sign-in: e-mail and password typed before hydration are kept and sent', async ({
  browser,
  page,
}) => {
  const email = uniqueEmail('prehydrated-login');
  const password = 'geheim-12345';
  // The account, made in a page of its own (signed out again by closing it).
  const context = await browser.newContext({ locale: 'de-DE' });
  await signUpInUi(await context.newPage(), 'de', { email, password });
  await context.close();

  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  expect(await isHydrated(page)).toBe(false);

  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue(password);

  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registration: every field typed before hydration is kept and sent', async ({ page }) => {
  const email = uniqueEmail('prehydrated-register');
  const release = await holdScripts(page);
  await page.goto('/en/register', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill('Jürgen');
  await page.getByLabel('Last name').fill('Groß');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('geheim-12345');
  await page.getByLabel('Company').fill('Groß & Partner');
  expect(await isHydrated(page)).toBe(false);

  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page.getByLabel('First name')).toHaveValue('Jürgen');
  await expect(page.getByLabel('E-mail address')).toHaveValue(email);
  // The hydrated form knows the password too: its strength hint reads it.
  await expect(page.locator('[data-slot="password-strength"]')).toHaveAttribute(
    'data-level',
    'strong',
  );

  // The terms box is a button that needs the script; checking it is the one step after.
  await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});
