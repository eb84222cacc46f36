import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { seedNote, speechRecording } from './support/notes.ts';

// The built app and the API reference under the server's content security policy: every screen
// used here loads, styles and scripts without a single violation (the policy is strict for
// scripts: no inline script, no eval, nothing from another origin).

/** Collects every CSP violation of a page: the browser's event and its console report. */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  void page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation?: (text: string) => void })
        .__cspViolation;
      report?.(
        `${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}` +
          ` (${event.sourceFile}:${event.lineNumber}:${event.columnNumber})`,
      );
    });
  });
  return violations;
}

test('every screen runs under the content security policy without a violation', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const violations = watchViolations(page);

  // The document's own headers.
  const home = await page.goto('/');
  const headers = home!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('microphone=(self)');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await signUpInUi(page, 'de', { email: uniqueEmail('csp'), password: 'Sicherheit-Passwort-1' });

  // A finished note: the list, a dialog (Radix writes its scroll lock as a <style>), a menu, the
  // reader with the recording playing from the server.
  const note = await seedNote(page, request, { name: 'CSP-Probe' });
  // Rendered by the server with its data: its buttons answer once the page has hydrated.
  await gotoHydrated(page, '/notes');
  await page
    .getByRole('navigation', { name: 'Ordner' })
    .getByRole('button', { name: 'Neuer Ordner' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Neuer Ordner' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Aktionen für „CSP-Probe“' }).click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto(`/notes?note=${note.id}`);
  const audio = page.locator('[data-slot=audio-player] audio');
  await expect
    .poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration))
    .toBeGreaterThan(1);

  // The new-note form measures a chosen file through a blob: URL.
  await gotoHydrated(page, '/protocol');
  await page.getByLabel('Datei auswählen').setInputFiles(await speechRecording());
  await expect(page.locator('[data-slot=file-cost-minutes]')).toHaveText(/Minute/);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The API reference: its bundle, styles and icons all from this server.
  await page.goto('/api/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  // A pasted token is kept in the page only: nothing of it reaches the storage.
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  const authorize = page.locator('.modal-ux');
  await authorize.locator('input').first().fill('pasted-token-123');
  await authorize.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(authorize.getByRole('button', { name: 'Remove authorization' })).toBeVisible();
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain('pasted-token-123');

  expect(violations).toEqual([]);
});
