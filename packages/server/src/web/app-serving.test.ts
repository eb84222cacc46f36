import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDatabase, testApp, testConfig } from '../test/app.ts';
import { prerenderedFile } from './app-serving.ts';
import { isBot } from './bots.ts';

// Serving the built app (HTML, assets, compression, 404s) is HTTP itself: plain requests here.

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-AbC123.js'), 'console.log("app")');
  await writeFile(join(dist, 'robots.txt'), 'User-agent: *\n');
  await mkdir(join(dist, 'pages', 'en'), { recursive: true });
  await writeFile(join(dist, 'pages', 'login.html'), '<html lang="de">Anmelden</html>');
  await writeFile(join(dist, 'pages', 'en', 'login.html'), '<html lang="en">Sign in</html>');
  await mkdir(join(dist, 'pages', 'hilfe'), { recursive: true });
  await writeFile(
    join(dist, 'pages', 'agb.html'),
    '<html lang="de"><title>AGB</title><h1>Allgemeine Geschäftsbedingungen</h1></html>',
  );
  await writeFile(
    join(dist, 'pages', 'hilfe', 'aufnahmen-hochladen.html'),
    '<html lang="de"><h1>Aufnahmen hochladen</h1></html>',
  );
  await writeFile(join(dist, '.env'), 'SECRET=1');
  const bundle = 'console.log("a bundle that the build precompressed");';
  await writeFile(join(dist, 'assets', 'app-Zip123.js'), bundle);
  await writeFile(join(dist, 'assets', 'app-Zip123.js.gz'), gzipSync(bundle));
  await writeFile(join(dist, 'assets', 'app-Zip123.js.br'), brotliCompressSync(bundle));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const served = () => testApp(noDatabase(), testConfig({ SERVE_APP: 'true', APP_DIST: dist })).app;
const get = (path: string, userAgent = BROWSER) =>
  served().request(path, { headers: { 'User-Agent': userAgent } });

describe('serving the built app', () => {
  it.each(['/', '/en', '/en/'])(
    'answers the known page %s with index.html and 200',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(res.headers.get('X-Robots-Tag')).toBeNull();
      expect(await res.text()).toBe(INDEX);
    },
  );

  it.each(['/does-not-exist', '/en/does-not-exist', '/a/b/c', '/english'])(
    'answers the unknown page %s with index.html, 404 and noindex',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(await res.text()).toBe(INDEX);
    },
  );

  it.each([
    '/notes?note=abc',
    '/en/notes?note=0',
    '/saved-notes?folder_id=x',
    '/notes?note=1&note=-2',
  ])('answers %s, a page whose id parameter is no id, with 404 and noindex', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
    expect(await res.text()).toBe(INDEX);
  });

  it.each(['/notes?note=12', '/en/saved-notes?folder_id=3&page=2', '/notes?page=abc'])(
    'answers %s, a page with well-formed ids (or none), with 200',
    async (path) => {
      expect((await get(path)).status).toBe(200);
    },
  );

  it('gives bots a bare 404 without the error page', async () => {
    const res = await get('/does-not-exist', GOOGLEBOT);
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('404 Not Found');
  });

  it('gives bots known pages as usual', async () => {
    const res = await get('/en', GOOGLEBOT);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it('serves hashed assets with immutable caching', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  it('answers a missing asset with a plain 404, never with HTML', async () => {
    const res = await get('/assets/index-Gone99.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/plain/);
  });

  it('serves other files with revalidation and answers If-None-Match with 304', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    const etag = res.headers.get('ETag')!;
    const again = await served().request('/robots.txt', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('never serves hidden files or anything outside APP_DIST', async () => {
    for (const path of ['/.env', '/assets/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('SECRET');
    }
  });

  it('leaves /api and /_i18n to the API', async () => {
    const app = served();
    expect(await (await app.request('/api/nothing')).json()).toMatchObject({ code: 'notFound' });
    expect((await app.request('/_i18n/en/messages.json')).status).toBe(200);
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await served().request('/en/does-not-exist', { method: 'HEAD' });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  it('explains with a 503 when the app has not been built', async () => {
    const app = testApp(
      noDatabase(),
      testConfig({ SERVE_APP: 'true', APP_DIST: join(dist, 'missing') }),
    ).app;
    const res = await app.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/pnpm build/);
    expect((await app.request('/api/nothing')).status).toBe(404);
  });

  it('is off unless SERVE_APP is set', async () => {
    const app = testApp(noDatabase(), testConfig({ APP_DIST: dist })).app;
    const res = await app.request('/');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404 Not Found');
  });
});

describe('prerendered pages', () => {
  it.each([
    ['/login', 'Anmelden'],
    ['/login/', 'Anmelden'],
    ['/en/login', 'Sign in'],
  ])('answers %s with its prerendered file', async (path, text) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(text);
  });

  it.each([
    ['/agb', 'Allgemeine Geschäftsbedingungen'],
    ['/hilfe/aufnahmen-hochladen', 'Aufnahmen hochladen'],
    ['/hilfe/aufnahmen-hochladen/', 'Aufnahmen hochladen'],
  ])('answers the content page %s with 200 and its content', async (path, text) => {
    const res = await get(path, GOOGLEBOT);
    expect(res.status).toBe(200);
    expect(res.headers.get('X-Robots-Tag')).toBeNull();
    expect(await res.text()).toContain(`<h1>${text}</h1>`);
  });

  it.each(['/agb-alt', '/hilfe/unbekannt', '/en/agb'])(
    'answers the unknown slug %s with 404',
    async (path) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('X-Robots-Tag')).toBe('noindex');
      expect(await res.text()).toBe(INDEX);
      expect((await get(path, GOOGLEBOT)).status).toBe(404);
    },
  );

  it('answers a page without one with the shell', async () => {
    const res = await get('/register');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX);
  });

  it('maps addresses to files', () => {
    expect(prerenderedFile('/')).toBe('/pages/index.html');
    expect(prerenderedFile('/en')).toBe('/pages/en.html');
    expect(prerenderedFile('/en/register/')).toBe('/pages/en/register.html');
  });
});

describe('isBot', () => {
  it.each([
    GOOGLEBOT,
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (compatible; YandexBot/3.0)',
    'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0)',
    'Baiduspider+(+http://www.baidu.com/search/spider.htm)',
  ])('recognises %s', (ua) => expect(isBot(ua)).toBe(true));

  it.each([
    BROWSER,
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36',
    'Mozilla/5.0 (Linux; Android 10; CUBOT X19) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36',
    undefined,
  ])('lets %s through', (ua) => expect(isBot(ua)).toBe(false));
});

describe('precompressed files', () => {
  const fetchWith = (acceptEncoding: string) =>
    served().request('/assets/app-Zip123.js', {
      headers: { 'User-Agent': BROWSER, 'Accept-Encoding': acceptEncoding },
    });
  const bundle = 'console.log("a bundle that the build precompressed");';

  it('sends brotli when accepted, with the type of the original file', async () => {
    const res = await fetchWith('gzip, deflate, br');
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bundle);
  });

  it('sends gzip when brotli is refused or unknown', async () => {
    for (const header of ['gzip', 'gzip, br;q=0']) {
      const res = await fetchWith(header);
      expect(res.headers.get('Content-Encoding'), header).toBe('gzip');
      expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(bundle);
    }
  });

  it('sends the plain file without an accepted encoding, and keeps ETags apart', async () => {
    const plain = await fetchWith('identity');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toBe(bundle);
    const gzip = await fetchWith('gzip');
    expect(gzip.headers.get('ETag')).not.toBe(plain.headers.get('ETag'));
  });
});
