import { expect, test, type Page } from '@playwright/test';
import { isHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { seedNote } from './support/notes.ts';
import { problemsOf } from './support/page-problems.ts';

// The notes list rendered by the server with the reader's data
// (docs/architecture.md#pages-rendered-with-data): the notes are in the HTML, in the reader's
// time zone, and the browser hydrates them without a mismatch.

/** A timestamp as the list shows it, formatted by this browser in its own zone. */
const shownTime = (page: Page, iso: string, locale: string) =>
  page.evaluate(
    ([at, lng]) =>
      new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(at!),
      ),
    [iso, locale],
  );

/** The page's document as this browser asks for it, with the cookies the app wrote. */
async function documentOf(page: Page, path: string) {
  const answer = await page.request.get(path);
  return { html: await answer.text(), cacheControl: answer.headers()['cache-control'] };
}

const cases = [
  { locale: 'de', prefix: '', zone: 'Europe/Berlin', heading: 'Notizen' },
  { locale: 'en', prefix: '/en', zone: 'America/New_York', heading: 'Notes' },
] as const;

for (const { locale, prefix, zone, heading } of cases) {
  test.describe(`in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test(`${prefix}/notes arrives with the notes in the reader's zone, paints them without a script and hydrates without warnings`, async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      await signUpInUi(page, locale, { email: uniqueEmail('with-data'), password: 'geheim-12345' });
      const note = await seedNote(page, request, { name: 'Quartalsplanung Vertrieb' });
      const time = await shownTime(page, note.created_at, locale);

      const { html, cacheControl } = await documentOf(page, `${prefix}/notes`);
      expect(html).toContain('Quartalsplanung Vertrieb');
      expect(html).toContain(time);
      expect(html).toContain('<script id="queries" type="application/json">');
      expect(cacheControl).toBe('private, no-store');
      // Never for a visitor without the account's cookie, nor for another page of the account.
      const anonymous = await (await request.get(`${prefix}/notes`)).text();
      expect(anonymous).not.toContain('Quartalsplanung Vertrieb');
      expect(anonymous).not.toContain('id="queries"');

      // The list paints from the HTML alone.
      await page.route('**/*.js', (route) => route.abort());
      await page.goto(`${prefix}/notes`);
      const row = page.getByRole('button', { name: 'Quartalsplanung Vertrieb', exact: true });
      await expect(row).toBeVisible();
      await expect(page.getByText(time)).toBeVisible();
      expect(await isHydrated(page)).toBe(false);
      // Away from that page before the scripts are let through again: its refused scripts are
      // still being reported (net::ERR_FAILED) for a while after it has painted.
      await page.goto('about:blank');
      await page.unroute('**/*.js');

      const problems = problemsOf(page);
      const afterHydration: string[] = [];
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.startsWith('/api/')) afterHydration.push(req.url());
      });
      await page.goto(`${prefix}/notes`);
      await expect.poll(() => isHydrated(page)).toBe(true);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(time)).toBeVisible();
      // React's: a click opens the reader.
      await row.click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/notes\\?note=${note.id}$`));
      expect(problems).toEqual([]);
      // Hydrated from the page's cache: the folders were not asked for again.
      expect(afterHydration.filter((url) => url.includes('/api/folder/list'))).toEqual([]);
    });
  });
}

test.describe('the browser renders the list itself', () => {
  test('when the page was rendered in another time zone than the browser is in', async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(120_000);
    await signUpInUi(page, 'de', { email: uniqueEmail('zone'), password: 'geheim-12345' });
    const note = await seedNote(page, request, { name: 'Zeitzonen-Notiz' });
    // The browser moved to Tokyo since the app last wrote the cookie: the server writes Tokyo's
    // times; this browser (Berlin) shows its own.
    await context.addCookies([{ name: 'tz', value: 'Asia%2FTokyo', url: page.url() }]);
    const tokyo = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat('de', {
          dateStyle: 'medium',
          timeStyle: 'short',
          timeZone: 'Asia/Tokyo',
        }).format(new Date(at)),
      note.created_at,
    );
    const berlin = await shownTime(page, note.created_at, 'de');
    expect((await documentOf(page, '/notes')).html).toContain(tokyo);

    const problems = problemsOf(page);
    await page.goto('/notes');
    await expect(page.getByText(berlin)).toBeVisible();
    await expect(page.getByText(tokyo)).toHaveCount(0);
    expect(problems).toEqual([]);
    // The app wrote this browser's zone again for the next page.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'tz')?.value).toBe('Europe%2FBerlin');
  });

  test('when neither the auth nor the refresh cookie holds a token the server accepts', async ({
    page,
    context,
  }) => {
    await signUpInUi(page, 'de', { email: uniqueEmail('no-token'), password: 'geheim-12345' });
    await context.addCookies([
      { name: 'auth', value: 'not-a-token', url: page.url() },
      { name: 'auth_refresh', value: 'not-a-token', url: page.url() },
    ]);
    const { html, cacheControl } = await documentOf(page, '/notes');
    expect(html).not.toContain('id="queries"');
    expect(cacheControl).toBe('no-cache');

    const problems = problemsOf(page);
    await page.goto('/notes');
    await expect(page.getByText('Noch keine Notizen')).toBeVisible();
    expect(problems).toEqual([]);
  });
});

test('after a break (the access token expired) /notes still arrives with the data, and the browser renews its session', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await signUpInUi(page, 'de', { email: uniqueEmail('after-break'), password: 'geheim-12345' });
  await seedNote(page, request, { name: 'Nach der Mittagspause' });
  // The access token in the cookie and in the stored session is no longer accepted; the refresh
  // token (stored, and in the refresh cookie the app wrote) still is.
  await context.addCookies([{ name: 'auth', value: 'abgelaufen', url: page.url() }]);
  const storedRefreshToken = () =>
    page.evaluate(() => {
      const entry = JSON.parse(localStorage.getItem('auth-token')!) as { refreshToken: string };
      return entry.refreshToken;
    });
  await page.evaluate(() => {
    const entry = JSON.parse(localStorage.getItem('auth-token')!) as { token: string };
    localStorage.setItem('auth-token', JSON.stringify({ ...entry, token: 'abgelaufen' }));
  });
  const refreshCookie = async () =>
    decodeURIComponent(
      (await context.cookies()).find((cookie) => cookie.name === 'auth_refresh')?.value ?? '',
    );
  const before = await storedRefreshToken();
  expect(await refreshCookie()).toBe(before);

  const { html, cacheControl } = await documentOf(page, '/notes');
  expect(html).toContain('Nach der Mittagspause');
  expect(html).toContain('<script id="queries" type="application/json">');
  expect(cacheControl).toBe('private, no-store');

  const problems = problemsOf(page);
  await page.goto('/notes');
  const row = page.getByRole('button', { name: 'Nach der Mittagspause', exact: true });
  await expect(row).toBeVisible();
  await expect.poll(() => isHydrated(page)).toBe(true);
  // The first call answers 401 for the expired token; the one refresh renews the stored session
  // and both cookies, and the session goes on.
  await expect.poll(storedRefreshToken).not.toBe(before);
  expect(await refreshCookie()).toBe(await storedRefreshToken());
  await row.click();
  await expect(page).toHaveURL(/\/notes\?note=\d+$/);
  await expect(page.getByRole('heading', { name: 'Nach der Mittagspause' })).toBeVisible();
  // Besides the expired token's expected 401, nothing: no mismatch, no error.
  expect(problems.filter((problem) => !problem.includes('status of 401'))).toEqual([]);
});
