import { LOCALES, localizePath, pageRoutes, type Locale } from '@protokoll/contract';
import { expect, test, type APIRequestContext } from '@playwright/test';
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { pageTitleFrom, type PagePath } from '../../app/src/lib/page-titles.ts';
import { signUpInUi, uniqueEmail } from './support/accounts.ts';

// Every page of the route table names itself in its <title>, in both languages: in the HTML the
// server sends (prerendered, rendered with data, or the browser's shell) and once the app runs,
// and so do content pages and the 404 page (docs/product.md#page-titles).

const messages = { de, en };

const expectedTitle = (path: PagePath, locale: Locale) => pageTitleFrom(messages[locale], path);

const titleIn = async (request: APIRequestContext, address: string) =>
  /<title>([^<]*)<\/title>/.exec(await (await request.get(address)).text())?.[1];

const unescape = (html: string | undefined) => html?.replace(/&amp;/g, '&');

test('every page has a title of its own, in the HTML and in the running app', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Within a language no two pages share a title ("Team" is the same word in both).
  const seen = new Map<string, string>();
  const note = (address: string, title: string) => {
    const key = `${address.startsWith('/en') ? 'en' : 'de'} ${title}`;
    expect(seen.get(key), `${address} has the title of ${seen.get(key)}`).toBeUndefined();
    seen.set(key, address);
  };

  const open = pageRoutes.filter((route) => route.access !== 'signed-in');
  const signedIn = pageRoutes.filter((route) => route.access === 'signed-in');
  for (const locale of LOCALES) {
    for (const { path } of open) {
      const address = localizePath(path, locale);
      const title = expectedTitle(path, locale);
      expect(unescape(await titleIn(request, address)), address).toBe(title);
      await page.goto(address);
      await expect(page, address).toHaveTitle(title);
      note(address, title);
    }
  }

  await signUpInUi(page, 'de', { email: uniqueEmail('titles'), password: 'Titel-Pruefung-21' });
  for (const locale of LOCALES) {
    for (const { path } of signedIn) {
      const address = localizePath(path, locale);
      const title = expectedTitle(path, locale);
      // Signed out, the server's HTML already names the page (its frame or its shell).
      expect(unescape(await titleIn(request, address)), address).toBe(title);
      await page.goto(address);
      // /settings goes on to /settings/profile, which names itself.
      if (path === '/settings') {
        await expect(page).toHaveTitle(expectedTitle('/settings/profile', locale));
        continue;
      }
      await expect(page, address).toHaveTitle(title);
      note(address, title);
    }
  }

  // A content page, the 404 page, and a page whose id is malformed (the 404 standing in for it).
  await page.goto('/agb');
  await expect(page).toHaveTitle('Allgemeine Geschäftsbedingungen – Protokoll');
  await page.goto('/en/terms');
  await expect(page).toHaveTitle(/^Terms.* – Protokoll$/);
  await page.goto('/gibt-es-nicht');
  await expect(page).toHaveTitle('Seite nicht gefunden – Protokoll');
  await page.goto('/en/does-not-exist');
  await expect(page).toHaveTitle('Page not found – Protokoll');
  await page.goto('/notes?note=abc');
  await expect(page).toHaveTitle('Seite nicht gefunden – Protokoll');
  // Moving inside the app changes it too.
  await page.goto('/dashboard');
  await page.getByRole('navigation').getByRole('link', { name: 'Notizen' }).first().click();
  await expect(page).toHaveTitle('Notizen – Protokoll');
});
