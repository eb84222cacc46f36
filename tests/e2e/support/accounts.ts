import { expect, type Page } from '@playwright/test';

/** The registration form's wording per language (the locales' texts). */
export const SIGN_UP_TEXT = {
  de: {
    prefix: '',
    firstName: 'Vorname',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    terms: /Ich akzeptiere die AGB/,
    createAccount: 'Konto erstellen',
  },
  en: {
    prefix: '/en',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    password: 'Password',
    terms: /I accept the terms and conditions/,
    createAccount: 'Create account',
  },
} as const;

export type SignUpLocale = keyof typeof SIGN_UP_TEXT;

/** A fresh address for every call: specs run side by side against one server. */
export function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.de`;
}

/**
 * Opens a page and waits until React has hydrated it (its elements carry React's fiber). Every
 * page but the three token pages is prerendered (docs/architecture.md#prerendered-pages): until
 * the script has loaded, its buttons are plain HTML. A click on one is held and carried out after
 * hydration, but a menu that opens on a pointer press or a file chooser does not respond, and a
 * test that goes on at once would check a page that has not yet acted on its click. Use it
 * wherever a test opens a page by its address and then clicks, types or chooses a file there
 * (tests/e2e/prehydration-input.spec.ts is about the moments before hydration).
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => isHydrated(page)).toBe(true);
}

/** Whether React has taken over the page's prerendered markup: its elements carry React's fiber. */
export const isHydrated = (page: Page): Promise<boolean> =>
  page.evaluate(() => {
    const button = document.querySelector('#root button');
    return !!button && Object.keys(button).some((key) => key.startsWith('__reactFiber$'));
  });

/** Registers through /register like a visitor and waits for the dashboard. */
export async function signUpInUi(
  page: Page,
  locale: SignUpLocale,
  { email, password }: { email: string; password: string },
): Promise<void> {
  const t = SIGN_UP_TEXT[locale];
  await gotoHydrated(page, `${t.prefix}/register`);
  await page.getByLabel(t.firstName).fill('Jürgen');
  await page.getByLabel(t.lastName).fill('Groß');
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('checkbox', { name: t.terms }).check();
  await page.getByRole('button', { name: t.createAccount }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/dashboard$`));
}
