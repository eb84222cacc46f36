import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noDatabase, testApp, testConfig } from '../test/app.ts';

// The built Storybook under /storybook/ (docs/storybook.md#a-deployed-storybook): plain requests.

const MANAGER = '<!doctype html><html><body>Storybook manager</body></html>';
const PREVIEW = '<!doctype html><html><body>Storybook preview</body></html>';
const APP_INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';

let storybook: string;
let dist: string;
beforeAll(async () => {
  storybook = await mkdtemp(join(tmpdir(), 'protokoll-storybook-'));
  await writeFile(join(storybook, 'index.html'), MANAGER);
  await writeFile(join(storybook, 'iframe.html'), PREVIEW);
  await writeFile(join(storybook, 'index.json'), '{"v":5,"entries":{}}');
  await writeFile(join(storybook, 'mockServiceWorker.js'), 'self.addEventListener("fetch",()=>{})');
  await writeFile(join(storybook, '.env'), 'SECRET=1');
  await mkdir(join(storybook, 'assets'));
  await writeFile(join(storybook, 'assets', 'preview-AbC.js'), 'console.log("preview")');
  dist = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
  await writeFile(join(dist, 'index.html'), APP_INDEX);
});
afterAll(async () => {
  await rm(storybook, { recursive: true, force: true });
  await rm(dist, { recursive: true, force: true });
});

const app = (env: Record<string, string> = {}) =>
  testApp(
    noDatabase(),
    testConfig({ SERVE_APP: 'true', APP_DIST: dist, STORYBOOK_DIST: storybook, ...env }),
  ).app;
const served = () => app({ SERVE_STORYBOOK: 'true' });

describe('serving the built Storybook', () => {
  it('is off by default: /storybook/ is the app’s 404 page', async () => {
    const res = await app().request('/storybook/');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe(APP_INDEX);
    const file = await app().request('/storybook/iframe.html');
    expect(await file.text()).not.toBe(PREVIEW);
  });

  it('answers /storybook/ with the manager and /storybook with a redirect there', async () => {
    const res = await served().request('/storybook/');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(MANAGER);
    const bare = await served().request('/storybook');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('Location')).toBe('/storybook/');
  });

  it('serves its files with their types', async () => {
    const preview = await served().request('/storybook/iframe.html');
    expect(await preview.text()).toBe(PREVIEW);
    const index = await served().request('/storybook/index.json');
    expect(index.headers.get('Content-Type')).toMatch(/^application\/json/);
    const script = await served().request('/storybook/assets/preview-AbC.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('Content-Type')).toMatch(/javascript/);
    const worker = await served().request('/storybook/mockServiceWorker.js');
    expect(worker.status).toBe(200);
  });

  it('answers 404 for missing, hidden and escaping paths', async () => {
    for (const path of [
      '/storybook/nope.js',
      '/storybook/.env',
      '/storybook/%2e%2e/package.json',
    ]) {
      const res = await served().request(path);
      expect(res.status, path).toBe(404);
    }
  });

  it('lets the manager frame its preview, on this site only', async () => {
    const res = await served().request('/storybook/iframe.html');
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    const policy = res.headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("connect-src 'self'");
    // The app keeps its own, strict policy.
    const page = await served().request('/dashboard');
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(page.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('says how to build it when it is not built', async () => {
    const res = await app({ SERVE_STORYBOOK: 'true', STORYBOOK_DIST: join(dist, 'none') }).request(
      '/storybook/',
    );
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build-storybook');
  });
});
