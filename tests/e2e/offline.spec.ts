import { stat } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  gotoHydrated,
  isHydrated,
  signUpInUi,
  uniqueEmail,
  type SignUpLocale,
} from './support/accounts.ts';
import { loopedSpeech } from './support/recordings.ts';

// Offline is a state, not a spinner (docs/architecture.md#offline): the connection banner, the
// server's actions disabled, nothing replayed that the person gave up on, an upload that waits
// and resumes, and a sign-in page whose session chunk failed to load offline.

const BANNER = {
  de: /^Keine Verbindung\. Bereits geladene Inhalte bleiben lesbar\./,
  en: /^No connection\. What has already loaded stays readable\./,
} as const;

const banner = (page: Page) => page.locator('[data-slot=connection-banner]');

async function signUp(page: Page, locale: SignUpLocale, name: string) {
  await signUpInUi(page, locale, { email: uniqueEmail(name), password: 'Offline-Passwort-1' });
}

/** An authenticated GET as the signed-in person, straight to the server. */
async function apiGet<T>(page: Page, request: APIRequestContext, path: string): Promise<T> {
  const token = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth-token') ?? '{}') as { token?: string }).token,
  );
  const answer = await request.get(path, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as T;
}

/** Registers an account through the API, for the sign-in page's tests. */
async function register(request: APIRequestContext, name: string) {
  const email = uniqueEmail(name);
  const password = 'Offline-Passwort-1';
  const answer = await request.post('/api/auth/register', {
    data: { first_name: 'Olga', last_name: 'Fünfer', email, password, accept_terms: true },
  });
  expect(answer.ok()).toBe(true);
  return { email, password };
}

test('offline in German: the banner, the folder dialog waits, and a closed dialog never runs later', async ({
  page,
  request,
}) => {
  await signUp(page, 'de', 'offline-de');
  await gotoHydrated(page, '/notes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notizen' })).toBeVisible();
  await expect(banner(page)).toHaveAttribute('data-state', 'online');
  await expect(banner(page)).toHaveText('');

  await page.context().setOffline(true);
  await expect(banner(page)).toHaveAttribute('role', 'status');
  await expect(banner(page)).toHaveText(BANNER.de);

  await page.getByRole('button', { name: 'Neuer Ordner' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await dialog.getByRole('textbox', { name: 'Ordnername' }).fill('Nie angelegt');
  const submit = dialog.getByRole('button', { name: 'Ordner anlegen' });
  await expect(submit).toBeDisabled();
  await expect(submit).toHaveAccessibleDescription(/^Ohne Verbindung nicht möglich\./);
  // Enter sends nothing either.
  await dialog.getByRole('textbox', { name: 'Ordnername' }).press('Enter');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);

  const folderCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/folder') && req.method() === 'POST') folderCalls.push(req.url());
  });
  await page.context().setOffline(false);
  await expect(banner(page)).toHaveAttribute('data-state', 'online');
  // Whatever was started offline had its chance to run once the connection is back: the folder
  // list reloads on reconnect, and no folder was created.
  await page.getByRole('button', { name: 'Neuer Ordner' }).first().click();
  await expect(dialog.getByRole('button', { name: 'Ordner anlegen' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  const { folders } = await apiGet<{ folders: { name: string }[] }>(
    page,
    request,
    '/api/folder/list',
  );
  expect(folders.map((folder) => folder.name)).not.toContain('Nie angelegt');
  expect(folderCalls).toEqual([]);
});

test('offline in English: the banner says so and goes when the connection is back', async ({
  page,
}) => {
  await signUp(page, 'en', 'offline-en');
  await expect(page.getByRole('heading', { level: 1, name: /Jürgen/ })).toBeVisible();
  await page.context().setOffline(true);
  await expect(banner(page)).toHaveText(BANNER.en);
  await expect(banner(page)).toContainText('uploads resume afterwards');
  // Phone width: the banner wraps, nothing overflows.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(banner(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.context().setOffline(false);
  await expect(banner(page)).toHaveText('');
});

test('an upload whose connection drops waits for it, says so, and resumes to a finished note', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'de', 'offline-upload');
  const file = await loopedSpeech(70, 'Teambesprechung');
  const { size } = await stat(file);
  const patchOffsets: number[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/uploads/') && req.method() === 'PATCH')
      patchOffsets.push(Number(req.headers()['upload-offset']));
  });

  await page.getByRole('link', { name: 'Neue Notiz' }).first().click();
  await page.getByLabel('Datei auswählen').setInputFiles(file);
  await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(/2 Minuten/);
  // Slow bytes, so the connection drops halfway.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: Math.ceil(size / 20),
  });
  await page.getByRole('button', { name: 'Notiz erstellen' }).click();
  const toast = page.locator('[data-slot=upload-toast]');
  await expect(toast).toHaveAttribute('data-state', 'uploading');
  await expect.poll(() => patchOffsets.length).toBeGreaterThan(0);

  await page.context().setOffline(true);
  await expect(toast).toHaveAttribute('data-state', 'waiting');
  await expect(toast.locator('[data-slot=upload-rate]')).toHaveText(
    'Wartet auf Verbindung – wird fortgesetzt',
  );
  await expect(toast.locator('[data-slot=upload-bytes]')).toHaveText(/ von /);

  await page.context().setOffline(false);
  await expect(toast).toHaveAttribute('data-state', /uploading|processing|done/);
  await expect(toast).toHaveAttribute('data-state', 'done', { timeout: 90_000 });
  // One note: the same upload went on with another PATCH from the offset the server answered.
  expect(patchOffsets[0]).toBe(0);
  expect(patchOffsets.length).toBeGreaterThanOrEqual(2);
  const { notes } = await apiGet<{ notes: { status: string; size: number }[] }>(
    page,
    request,
    '/api/note/list',
  );
  expect(notes).toHaveLength(1);
  expect(notes[0]).toMatchObject({ status: 'done', size });
});

test('sign-in page: a session chunk that failed to load offline says why, and signs in once the connection is back', async ({
  page,
  request,
}) => {
  const { email, password } = await register(request, 'offline-login');
  await gotoHydrated(page, '/login');
  // Offline before the page was first touched: the session chunk's load on the first focus fails.
  await page.context().setOffline(true);
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
  );
  // Offline the page is not reloaded (it could not load either): what was typed stays.
  await expect(page.getByLabel('E-Mail-Adresse')).toHaveValue(email);

  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-in page: a session chunk that fails once online reloads the page once, then signs in', async ({
  page,
  request,
}) => {
  const { email, password } = await register(request, 'chunk-once');
  let failed = 0;
  await page.route(/\/assets\/app-session-[^/]*\.js$/, (route) => {
    if (failed++ === 0) return route.abort('connectionreset');
    return route.continue();
  });
  await gotoHydrated(page, '/en/login');
  const reloaded = page.waitForEvent('load');
  // The first focus loads the session chunk; it fails, and the guard reloads the page once.
  await page.getByLabel('E-mail address').focus();
  await reloaded;
  expect(failed).toBe(1);
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/);
});

test('the redirect after sign-in stays on this site, also once a new build turned navigations into page loads', async ({
  page,
  request,
  baseURL,
}) => {
  const { email, password } = await register(request, 'redirect-tab');
  // This tab has seen a new build: the next navigation is a full page load
  // (docs/architecture.md#new-builds), where the tab in `/\t/host` would leave for another host.
  await page.route(/\/latest-build\.json/, (route) =>
    route.fulfill({ json: { buildId: 'e2e-newer-build' } }),
  );
  await gotoHydrated(page, '/login?redirect=%2F%09%2Fexample.invalid%2Fphish');
  const toast = page.getByTestId('new-build-toast');
  await expect(async () => {
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(toast).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const left: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL!)) left.push(req.url());
  });
  await page.getByLabel('E-Mail-Adresse').fill(email);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/dashboard`);
  expect(left).toEqual([]);
});
