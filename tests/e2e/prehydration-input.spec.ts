import { expect, test, type Browser, type Page } from '@playwright/test';
import { isHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';

// What a visitor types into a prerendered form before its scripts have run survives hydration
// and is what the form sends; a button clicked (or a form sent) before then is held and carried
// out once the page has hydrated (docs/architecture.md#prerendered-pages).

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

/** An account made in a page of its own (signed out again by closing it). */
async function existingAccount(browser: Browser, name: string) {
  const account = { email: uniqueEmail(name), password: 'geheim-12345' };
  const context = await browser.newContext({ locale: 'de-DE' });
  await signUpInUi(await context.newPage(), 'de', account);
  await context.close();
  return account;
}

/** Opens /login with its scripts held back and types the account in; returns the release. */
async function typeSignInBeforeHydration(
  page: Page,
  { email, password }: { email: string; password: string },
): Promise<() => void> {
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  expect(await isHydrated(page)).toBe(false);
  return release;
}

/** Opens /en/register with its scripts held back and types name, address and password in. */
async function typeRegistrationBeforeHydration(page: Page, email: string): Promise<() => void> {
  const release = await holdScripts(page);
  await page.goto('/en/register', { waitUntil: 'commit' });
  await page.getByLabel('First name').fill('Jürgen');
  await page.getByLabel('Last name').fill('Groß');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('geheim-12345');
  return release;
}

test('sign-in: e-mail and password typed before hydration are kept and sent', async ({
  browser,
  page,
}) => {
  const { email, password } = await existingAccount(browser, 'prehydrated-login');
  const release = await typeSignInBeforeHydration(page, { email, password });

  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);
  await expect(page.getByLabel('Passwort', { exact: true })).toHaveValue(password);

  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registration: every field typed before hydration is kept and sent', async ({ page }) => {
  const email = uniqueEmail('prehydrated-register');
  const release = await typeRegistrationBeforeHydration(page, email);
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

test('sign-in: Enter pressed before hydration sends the form once the page has hydrated', async ({
  browser,
  page,
}) => {
  const release = await typeSignInBeforeHydration(
    page,
    await existingAccount(browser, 'prehydrated-enter'),
  );
  // Without the hold the browser would post the form to /login, which is no API (a 404).
  await page.getByLabel('Passwort', { exact: true }).press('Enter');
  expect(await isHydrated(page)).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/login');

  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('registration: the terms box and the submit button clicked before hydration count', async ({
  page,
}) => {
  const release = await typeRegistrationBeforeHydration(page, uniqueEmail('prehydrated-clicks'));
  // Clicked twice by an impatient visitor: the box is checked once, not checked and unchecked.
  const terms = page.getByRole('checkbox', { name: /I accept the terms and conditions/ });
  await terms.click();
  await terms.click();
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await isHydrated(page)).toBe(false);
  await expect(terms).toHaveAttribute('aria-checked', 'false');

  release();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test('notes list: "New folder" clicked before hydration opens its dialog', async ({ page }) => {
  await signUpInUi(page, 'de', {
    email: uniqueEmail('prehydrated-folder'),
    password: 'geheim-12345',
  });
  const release = await holdScripts(page);
  // Rendered by the server with the reader's data: the buttons are there before any script.
  await page.goto('/notes', { waitUntil: 'commit' });
  await page
    .getByRole('navigation', { name: 'Ordner' })
    .getByRole('button', { name: 'Neuer Ordner' })
    .click();
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  release();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Ordnername')).toBeFocused();
});
