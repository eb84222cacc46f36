import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Env } from './config.ts';
import { createHash } from 'node:crypto';
import { SCRIPT_HASHES_FILE } from '@protokoll/contract';
import { noDatabase, testApp, testConfig } from './test/app.ts';
import { inlineScriptHashes } from './web/security-headers.ts';

/**
 * The hashes of the three inline scripts a page may run (the theme script, the script loader and
 * the signed-in pages' check for a stored session), as the app's build writes them beside its
 * pages (app/scripts/build.mjs).
 */
const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
const HEAD = hash('head();');
const BOOT = hash('boot();');
const SIGNED_IN = hash('signedIn();');

let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'protokoll-csp-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>',
  );
  await writeFile(join(dist, 'assets', 'a.js'), 'console.log(1)');
  await mkdir(join(dist, SCRIPT_HASHES_FILE, '..'), { recursive: true });
  await writeFile(join(dist, SCRIPT_HASHES_FILE), JSON.stringify([HEAD, BOOT, SIGNED_IN]));
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

function app(env: Env = {}) {
  return testApp(noDatabase(), testConfig({ SERVE_APP: 'true', APP_DIST: dist, ...env })).app;
}

/** A CSP as directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers.get('Content-Security-Policy');
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    header!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

function expectCommonHeaders(res: Response, label: string) {
  expect(res.headers.get('X-Frame-Options'), label).toBe('DENY');
  expect(res.headers.get('X-Content-Type-Options'), label).toBe('nosniff');
  expect(res.headers.get('Referrer-Policy'), label).toBe('strict-origin-when-cross-origin');
  const permissions = res.headers.get('Permissions-Policy') ?? '';
  expect(permissions, label).toContain('microphone=(self)');
  expect(permissions, label).toContain('camera=()');
  expect(permissions, label).toContain('geolocation=()');
  expect(csp(res).get('frame-ancestors'), label).toEqual(["'none'"]);
}

describe('security headers', () => {
  it('lock API answers down completely, errors included', async () => {
    const a = app();
    for (const path of ['/api/health', '/api/nothing-here', '/api/user', '/api/openapi.json']) {
      const res = await a.request(path);
      expectCommonHeaders(res, path);
      expect(csp(res).get('default-src'), path).toEqual(["'none'"]);
      expect(res.headers.get('Strict-Transport-Security'), path).toBeNull();
    }
  });

  it('give the web app a strict policy: scripts only from this server and the theme script', async () => {
    for (const path of ['/', '/login', '/does-not-exist', '/assets/a.js']) {
      const res = await app().request(path);
      expectCommonHeaders(res, path);
      const policy = csp(res);
      expect(policy.get('script-src'), path).toEqual(["'self'", HEAD, BOOT, SIGNED_IN]);
      expect(policy.get('default-src'), path).toEqual(["'self'"]);
      expect(policy.get('object-src'), path).toEqual(["'none'"]);
      expect(policy.get('base-uri'), path).toEqual(["'none'"]);
      expect(policy.get('form-action'), path).toEqual(["'self'"]);
      // Recordings are checked in the browser through a blob: URL before they are sent.
      expect(policy.get('media-src'), path).toEqual(["'self'", 'blob:']);
      expect([...policy.values()].flat().join(' '), path).not.toMatch(/google|unsafe-eval/);
    }
  });

  it('allow Google sign-in only when it is configured', async () => {
    const res = await app({ GOOGLE_CLIENT_ID: 'client-1.apps.googleusercontent.com' }).request(
      '/login',
    );
    const policy = csp(res);
    expect(policy.get('script-src')).toEqual([
      "'self'",
      HEAD,
      BOOT,
      SIGNED_IN,
      'https://accounts.google.com/gsi/client',
    ]);
    expect(policy.get('frame-src')).toEqual(['https://accounts.google.com/gsi/']);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://accounts.google.com/gsi/']);
    expect(policy.get('style-src')).toContain('https://accounts.google.com/gsi/style');
  });

  it("allow exactly the inline scripts the app's build lists, and none without a build", async () => {
    expect(inlineScriptHashes(dist)).toEqual([HEAD, BOOT, SIGNED_IN]);
    const noBuild = await app({ APP_DIST: join(dist, 'nothing-built') }).request('/api/docs');
    expect(csp(noBuild).get('script-src')).toEqual(["'self'"]);
    const broken = await mkdtemp(join(tmpdir(), 'protokoll-csp-broken-'));
    try {
      await mkdir(join(broken, SCRIPT_HASHES_FILE, '..'), { recursive: true });
      await writeFile(join(broken, SCRIPT_HASHES_FILE), JSON.stringify(["'unsafe-inline'"]));
      expect(() => inlineScriptHashes(broken)).toThrow(SCRIPT_HASHES_FILE);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('send HSTS only when the public address is https', async () => {
    const https = await app({ PUBLIC_URL: 'https://protokoll.example' }).request('/');
    expect(https.headers.get('Strict-Transport-Security')).toBe('max-age=31536000');
    expect(csp(https).has('upgrade-insecure-requests')).toBe(true);
    const http = await app({ PUBLIC_URL: 'http://localhost:3000' }).request('/');
    expect(http.headers.get('Strict-Transport-Security')).toBeNull();
    expect(csp(http).has('upgrade-insecure-requests')).toBe(false);
  });

  it('let the API reference run from its own files, without keeping a pasted token', async () => {
    const a = app();
    const page = await a.request('/api/docs');
    expectCommonHeaders(page, '/api/docs');
    const policy = csp(page);
    expect(policy.get('script-src')).toEqual(["'self'", HEAD, BOOT, SIGNED_IN]);
    const html = await page.text();
    // Every script of the page is a file (no inline script for the policy to allow).
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);
    const init = await (await a.request('/api/docs/assets/init.js')).text();
    expect(init).toMatch(/persistAuthorization:\s*false/);
  });
});
