import { expect, test, type Page } from '@playwright/test';
import { isHydrated, signUpInUi, uniqueEmail } from './support/accounts.ts';
import { problemsOf } from './support/page-problems.ts';

// Prerendered public pages (docs/architecture.md#prerendered-pages): HTML from the server,
// hydrated in the browser without a mismatch.

const pages = [
  { path: '/', lang: 'de', group: 'home', text: 'Aus Ihrer Aufnahme wird ein fertiges Protokoll' },
  { path: '/en', lang: 'en', group: 'home', text: 'Turn your recording into finished minutes' },
  { path: '/login', lang: 'de', group: 'auth', text: 'Anmelden' },
  { path: '/en/login', lang: 'en', group: 'auth', text: 'Sign in' },
  { path: '/register', lang: 'de', group: 'auth', text: 'Konto erstellen' },
  { path: '/en/register', lang: 'en', group: 'auth', text: 'Create account' },
] as const;

const hasFontsLater = (page: Page) =>
  page.evaluate(() => document.documentElement.hasAttribute('data-fonts-later'));

test.describe('prerendered pages', () => {
  for (const { path, lang, text, group } of pages) {
    test(`${path} arrives as HTML with its texts and hydrates without warnings`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain(`<html lang="${lang}" data-fonts-later>`);
      expect(html).toContain(text);
      expect(html).toContain('<script id="messages" type="application/json">');

      const problems = problemsOf(page);
      const texts: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/_i18n/')) texts.push(req.url());
      });
      await page.goto(path);
      await expect.poll(() => isHydrated(page)).toBe(true);
      await expect(page.getByText(text).first()).toBeVisible();
      expect(problems).toEqual([]);
      // The page itself needed no request for its texts (prefetched links may load theirs).
      const own = new RegExp(`/_i18n/${lang}/(common|messages|${group})\\.json`);
      expect(texts.filter((url) => own.test(url))).toEqual([]);
    });
  }

  for (const path of ['/', '/login', '/hilfe/aufnahmen-hochladen']) {
    test(`${path} paints from its HTML alone: stylesheets inlined, none fetched, scripts after the paint`, async ({
      page,
      request,
    }) => {
      const html = await (await request.get(path)).text();
      expect(html).toContain('<style>');
      // Only the disabled links that tell Vite's chunk loader the stylesheets are there.
      const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/ disabled>$/);
      expect(html).not.toContain('as="font"');

      const stylesheets: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'stylesheet' || req.url().endsWith('.css'))
          stylesheets.push(req.url());
      });
      await page.goto(path);
      await expect.poll(() => isHydrated(page)).toBe(true);
      expect(stylesheets).toEqual([]);
      // The script loader asked for the modules, and so the web font, only after the first
      // contentful paint; the page stays in the fallback, the font is kept for the next ones
      // (docs/architecture.md#the-web-font).
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('protokoll.font')))
        .toBe('1');
      expect(await hasFontsLater(page)).toBe(true);
      const { paint, firstScript, firstFont } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity,
        firstScript: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .map((entry) => entry.startTime),
        ),
        firstFont: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.woff2'))
            .map((entry) => entry.startTime),
        ),
      }));
      expect(firstScript).toBeGreaterThan(paint);
      expect(firstFont).toBeGreaterThan(paint);
      expect(firstFont).toBeLessThan(Infinity);
    });
  }

  for (const path of ['/login', '/register']) {
    test(`${path} loads the session chunk only once the visitor turns to the form`, async ({
      page,
    }) => {
      const sessionChunks: string[] = [];
      page.on('request', (req) => {
        if (/\/assets\/app-session-[^/]*\.js$/.test(req.url())) sessionChunks.push(req.url());
      });
      await page.goto(path);
      await expect.poll(() => isHydrated(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(sessionChunks).toEqual([]);
      await page.locator('input[name="email"]').focus();
      await expect.poll(() => sessionChunks.length).toBe(1);
    });
  }

  test('the web font: kept for the next pages, used by a navigation and from the first paint of the next load', async ({
    page,
  }) => {
    await page.goto('/');
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('protokoll.font'))).toBe('1');
    expect(await hasFontsLater(page)).toBe(true);
    // A navigation sets the next page anyway: in the font now.
    await page.getByRole('button', { name: 'Anmelden' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await hasFontsLater(page)).toBe(false);
    // The next page load paints in it from the start: the head script saw the browser has it
    // (nothing else but a navigation removes the attribute the HTML carries).
    await page.goto('/');
    expect(await hasFontsLater(page)).toBe(false);
  });

  test('the home page arrives with its example note, plans and FAQ; every page has the footer', async ({
    request,
  }) => {
    const home = await (await request.get('/')).text();
    for (const text of [
      'So sieht ein Protokoll aus',
      'Projekttreffen Website-Relaunch',
      'Auf Pro upgraden',
      'Häufige Fragen',
      '<details',
    ]) {
      expect(home).toContain(text);
    }
    for (const path of ['/', '/login', '/en/register']) {
      const html = await (await request.get(path)).text();
      expect(html, path).toContain('data-slot="site-footer"');
    }
  });

  for (const { path, price } of [
    { path: '/', price: '29 €' },
    { path: '/en', price: '€29' },
  ]) {
    test(`${path} hydrates its prices and minutes with the texts it was rendered with, creating no Intl formatter`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const created: string[] = [];
        (window as unknown as { intlCreated: string[] }).intlCreated = created;
        for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules'] as const) {
          Object.defineProperty(Intl, name, {
            configurable: true,
            writable: true,
            value: new Proxy(Intl[name], {
              construct(target, args) {
                created.push(name);
                return Reflect.construct(target, args) as object;
              },
            }),
          });
        }
      });
      const problems = problemsOf(page);
      await page.goto(path);
      const plans = page.locator('[data-slot="home-plans"]');
      await expect
        .poll(() =>
          plans.evaluate((section) =>
            Object.keys(section).some((key) => key.startsWith('__reactFiber$')),
          ),
        )
        .toBe(true);
      await expect(plans).toContainText(price);
      expect(problems).toEqual([]);
      expect(
        await page.evaluate(() => (window as unknown as { intlCreated: string[] }).intlCreated),
      ).toEqual([]);
    });
  }

  test('a signed-in visitor of / gets the way to the dashboard after hydration', async ({
    page,
  }) => {
    await signUpInUi(page, 'de', { email: uniqueEmail('prerender'), password: 'geheim-12345' });
    const problems = problemsOf(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Zum Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kostenlos registrieren' })).toHaveCount(0);
    expect(problems.filter((text) => /hydrat|did not match/i.test(text))).toEqual([]);
  });
});

// Signed-in pages' frames (docs/architecture.md#signed-in-frames).
test.describe('prerendered signed-in frames', () => {
  test('/dashboard arrives as a frame without any account and hydrates into the account without warnings', async ({
    page,
  }) => {
    await signUpInUi(page, 'de', { email: uniqueEmail('frame'), password: 'geheim-12345' });
    for (const path of ['/dashboard', '/en/dashboard']) {
      const html = await (await page.request.get(path)).text();
      expect(html).toContain('data-slot="dashboard-screen"');
      expect(html).toContain('data-slot="user-menu-placeholder"');
      expect(html).toContain('<script id="messages" type="application/json">');
      // The same frame for everyone: nothing of an account is in it.
      expect(html).not.toContain('Jürgen');
    }
    const problems = problemsOf(page);
    for (const { path, greeting, menu } of [
      { path: '/dashboard', greeting: /Jürgen/, menu: 'Benutzermenü für Jürgen Groß' },
      { path: '/en/dashboard', greeting: /Jürgen/, menu: 'User menu for Jürgen Groß' },
    ]) {
      await page.goto(path);
      await expect.poll(() => isHydrated(page)).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(greeting);
      await expect(page.getByRole('button', { name: menu })).toBeVisible();
      await expect(page.locator('[data-slot="user-menu-placeholder"]')).toHaveCount(0);
    }
    expect(problems).toEqual([]);
  });

  test('without a stored session /dashboard goes on to /login before it paints or loads a script', async ({
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (req) => requests.push(req.url()));
    await page.goto('/en/dashboard?folder_id=2');
    await expect(page).toHaveURL(
      `/en/login?redirect=${encodeURIComponent('/dashboard?folder_id=2')}`,
    );
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const login = requests.findIndex((url) => new URL(url).pathname === '/en/login');
    expect(login).toBeGreaterThan(0);
    // Between the frame's document and the sign-in page's: no script, no data. The frame links
    // its cached stylesheets (decision 002), which the browser's preload scanner may ask for.
    expect(
      requests
        .slice(0, login)
        .map((url) => new URL(url).pathname)
        .filter((path) => !/^\/assets\/[^/]+\.css$/.test(path)),
    ).toEqual(['/en/dashboard']);
  });
});
