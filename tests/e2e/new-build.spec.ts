import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { isHydrated } from './support/accounts.ts';

// New-version detection (docs/architecture.md#new-builds): a rebuild writes latest-build.json;
// an open tab notices it, offers a reload, and loads its next page anew.

const latestBuild = join(process.cwd(), process.env.APP_DIST ?? 'app/dist', 'latest-build.json');

test('after a rebuild, an open tab offers a reload and loads the next page anew', async ({
  page,
}) => {
  await page.goto('/');
  const signIn = page.getByRole('main').getByRole('button', { name: 'Anmelden' });
  await expect(signIn).toBeVisible();
  await expect.poll(() => isHydrated(page)).toBe(true);
  const original = readFileSync(latestBuild, 'utf8');
  const polls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/latest-build.json')) polls.push(request.url());
  });
  try {
    // What a rebuild writes: another build id.
    writeFileSync(latestBuild, `${JSON.stringify({ buildId: 'e2e-rebuilt' })}\n`);
    // The person comes back to the tab. The app starts watching in an effect after hydration,
    // which may not have run yet when React's fiber is already on the button: the person comes
    // back again until the toast is there.
    const toast = page.getByTestId('new-build-toast');
    await expect(async () => {
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', {
          value: 'visible',
          configurable: true,
        });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await expect(toast).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(toast).toContainText('Eine neue Version von Protokoll ist da.');
    await expect(toast.getByRole('button', { name: 'Neu laden' })).toBeVisible();
    expect(polls.some((url) => /latest-build\.json\?t=\d+/.test(url))).toBe(true);

    // The next navigation inside the app is a full page load.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const documentLoad = page.waitForRequest(
      (request) => request.resourceType() === 'document' && request.url().endsWith('/login'),
    );
    // A button that navigates inside the app (no link): normally no page load at all.
    await signIn.click();
    await documentLoad;
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(
      undefined,
    );
  } finally {
    writeFileSync(latestBuild, original);
  }
});
