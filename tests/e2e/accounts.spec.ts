import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { linkFromOutbox } from './support/outbox.ts';

/** What the journey reads and clicks, per language (the locales' texts). */
const TEXT = {
  de: {
    prefix: '',
    lastName: 'Nachname',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    greeting: /(Guten Morgen|Guten Tag|Guten Abend|Hallo), Jürgen/,
    free: 'Free',
    signIn: 'Anmelden',
    logout: 'Abmelden',
    userMenu: /Benutzermenü/,
    settings: 'Einstellungen',
    save: 'Änderungen speichern',
    saved: 'Ihr Profil wurde gespeichert.',
    currentPassword: 'Aktuelles Passwort',
    newPassword: 'Neues Passwort',
    changePassword: 'Passwort ändern',
    passwordChanged: 'Ihr Passwort wurde geändert.',
    forgotPassword: 'Passwort vergessen?',
    sendLink: 'Link senden',
    checkInbox: 'Prüfen Sie Ihr Postfach',
    confirmPassword: 'Neues Passwort wiederholen',
    savePassword: 'Passwort speichern',
    resetDone: 'Passwort geändert',
    deleteOpen: 'Konto löschen …',
    deleteConfirmLabel: /Geben Sie zur Bestätigung/,
    deleteConfirm: 'Endgültig löschen',
    invalidCredentials: 'Ungültige E-Mail-Adresse oder ungültiges Passwort',
  },
  en: {
    prefix: '/en',
    lastName: 'Last name',
    email: 'E-mail address',
    password: 'Password',
    greeting: /(Good morning|Good afternoon|Good evening|Hello), Jürgen/,
    free: 'Free',
    signIn: 'Sign in',
    logout: 'Log out',
    userMenu: /User menu/,
    settings: 'Settings',
    save: 'Save changes',
    saved: 'Your profile has been saved.',
    currentPassword: 'Current password',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Your password has been changed.',
    forgotPassword: 'Forgot password?',
    sendLink: 'Send link',
    checkInbox: 'Check your inbox',
    confirmPassword: 'Repeat new password',
    savePassword: 'Save password',
    resetDone: 'Password changed',
    deleteOpen: 'Delete account …',
    deleteConfirmLabel: /Type DELETE to confirm/,
    deleteConfirm: 'Delete permanently',
    invalidCredentials: 'Invalid email or password',
  },
} as const;

async function signIn(page: Page, t: (typeof TEXT)['de' | 'en'], email: string, password: string) {
  await gotoHydrated(page, `${t.prefix}/login`);
  await page.getByLabel(t.email).fill(email);
  await page.getByLabel(t.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: t.signIn, exact: true }).click();
}

async function signOut(page: Page, t: (typeof TEXT)['de' | 'en']) {
  await page.getByRole('button', { name: t.userMenu }).click();
  await page.getByRole('menuitem', { name: t.logout }).click();
  await expect(page).toHaveURL(new RegExp(`${t.prefix}/login$`));
}

for (const locale of ['de', 'en'] as const) {
  const t = TEXT[locale];

  test(`account life cycle in ${locale}: register, sign in, profile, passwords, deletion`, async ({
    page,
  }) => {
    const email = `journey-${locale}-${Date.now()}@example.de`;
    const first = 'S1cheres-Passwort';
    const second = 'Zweites-Passwort-2';
    const third = 'Drittes-Passwort-3';

    // Register → the dashboard shows the Free plan and its 30 minutes.
    await signUpInUi(page, locale, { email, password: first });
    await expect(page.getByRole('heading', { level: 1, name: t.greeting })).toBeVisible();
    await expect(page.getByText(t.free, { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/30/).first()).toBeVisible();

    // Log out → sign in again.
    await signOut(page, t);
    await signIn(page, t, email, first);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/dashboard$`));

    // A signed-in visitor of /login is sent on to the dashboard.
    await gotoHydrated(page, `${t.prefix}/login`);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/dashboard$`));

    // Edit the profile; it survives a reload.
    await page.getByRole('link', { name: t.settings }).first().click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/settings/profile$`));
    await page.getByLabel(t.lastName).fill('Groß-Übermann');
    await page.getByRole('button', { name: t.save }).click();
    await expect(page.getByText(t.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(t.lastName)).toHaveValue('Groß-Übermann');

    // Change the password.
    await page.getByLabel(t.currentPassword).fill(first);
    await page.getByLabel(t.newPassword, { exact: true }).fill(second);
    await page.getByRole('button', { name: t.changePassword }).click();
    await expect(page.getByText(t.passwordChanged)).toBeVisible();

    // Forgot password → the link from the outbox → reset.
    await signOut(page, t);
    await page.getByRole('link', { name: t.forgotPassword }).click();
    await page.getByLabel(t.email).fill(email);
    await page.getByRole('button', { name: t.sendLink }).click();
    await expect(page.getByText(t.checkInbox)).toBeVisible();
    const link = await linkFromOutbox(email, '/reset-password');
    expect(link).toContain(`${t.prefix}/reset-password?token=`);
    await page.goto(link);
    await page.getByLabel(t.newPassword, { exact: true }).fill(third);
    await page.getByLabel(t.confirmPassword).fill(third);
    await page.getByRole('button', { name: t.savePassword }).click();
    await expect(page.getByText(t.resetDone).first()).toBeVisible();

    // The old password no longer works, the new one does.
    await signIn(page, t, email, second);
    await expect(page.getByRole('alert')).toContainText(t.invalidCredentials);
    await signIn(page, t, email, third);
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/dashboard$`));

    // Delete the account (type DELETE) → signed out → cannot sign in any more.
    await gotoHydrated(page, `${t.prefix}/settings/profile`);
    await page.getByRole('button', { name: t.deleteOpen }).click();
    await page.getByLabel(t.deleteConfirmLabel).fill('DELETE');
    await page.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`${t.prefix}/login$`));
    await signIn(page, t, email, third);
    await expect(page.getByRole('alert')).toContainText(t.invalidCredentials);
  });
}

test('signed-in pages send visitors to sign in and back to where they wanted to go', async ({
  page,
  request,
}) => {
  const email = `redirect-${Date.now()}@example.de`;
  const answer = await request.post('/api/auth/register', {
    data: {
      first_name: 'Eva',
      last_name: 'Ömer',
      email,
      password: 'Redirect-Passwort-1',
      accept_terms: true,
    },
  });
  expect(answer.ok()).toBe(true);

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill('Redirect-Passwort-1');
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  // /settings itself opens its first section.
  await expect(page).toHaveURL(/\/settings\/profile$/);
});

test('leaving a page while its session is being checked keeps the session', async ({ page }) => {
  await signUpInUi(page, 'de', { email: uniqueEmail('leave'), password: 'Seite-Verlassen-42' });
  // The check at start gets no answer before the page is left; the browser cancels it then.
  let checking = false;
  await page.route('**/api/auth/validate', () => {
    checking = true;
  });
  await page.goto('/notes');
  await expect.poll(() => checking).toBe(true);
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  await page.goto('/en/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notes' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/notes$/);
});

test('keyboard only: sign in with Tab and Enter', async ({ page, request }) => {
  const email = `keyboard-${Date.now()}@example.de`;
  const answer = await request.post('/api/auth/register', {
    data: {
      first_name: 'Kai',
      last_name: 'Tastatur',
      email,
      password: 'Tastatur-Passwort-1',
      accept_terms: true,
    },
  });
  expect(answer.ok()).toBe(true);

  await gotoHydrated(page, '/login');
  const emailField = page.getByLabel('E-Mail-Adresse');
  for (
    let i = 0;
    i < 10 && !(await emailField.evaluate((el) => el === document.activeElement));
    i++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Passwort', { exact: true })).toBeFocused();
  await page.keyboard.type('Tastatur-Passwort-1');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: /Kai/ })).toBeVisible();
});
