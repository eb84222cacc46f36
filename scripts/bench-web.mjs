#!/usr/bin/env node
// `npm run bench:web` — how fast the web app is (docs/decisions/012-public-page-speed.md#measuring-speed). A
// benchmark, not a test: it builds the app, starts the production server on a fresh embedded
// database and prints
//  - for the public pages: Lighthouse (from npm, on Debian's Chromium), mobile with simulated
//    throttling, the median of 3 runs of score, FCP, LCP, TBT and CLS, and the bytes transferred
//    by type (JS, CSS, messages, fonts, HTML), and Lighthouse's benchmark index of the machine
//    (BI: how fast it ran a fixed piece of script; the simulated phone's speed is derived from
//    the machine's, so the blocking time depends on it);
//  - the same for a blank page (a heading and a paragraph, no script, style or font) served by
//    this script: what the machine and the browser cost by themselves;
//  - for /dashboard and /notes signed in: LCP, CLS and bytes in Chromium under the same throttling
//    (150 ms round trip, 1.6 Mbit/s, CPU slowed 4×), median of 3; each once with the cookies the
//    app writes (the server renders /notes with the data then), once without the auth cookie (as
//    when its token has expired: the refresh cookie lets the server render the data all the same)
//    and once without either (−cookies: the page as for anyone, rendered in the browser;
//    docs/architecture.md#pages-rendered-with-data).
// Every page is measured over HTTP/1.1 (plain http) and HTTP/2 (https with a certificate made for
// the run, which the browser is told to trust by its key), side by side: two servers on the same
// build, each on its own fresh database.
// Options: --dist <folder> measures an existing build instead of building; --runs <n>;
// --port <n>; --pages <list> measures only the listed pages (comma-separated, e.g.
// `/login,/dashboard`; `blank` is the blank page); --protocols h1,h2 (both unless told).
// CHROMIUM_PATH names another browser.
import { spawn, spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { generate } from 'selfsigned';
import { CHROME, CHROME_FLAGS, KINDS, kindOf, lighthouse, median } from './lighthouse.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const option = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const RUNS = Number(option('runs', 3));
const PORT = Number(option('port', process.env.BENCH_PORT ?? 4390));
/** The signed-in visitor's time zone. */
const TIME_ZONE = 'Europe/Berlin';
/** HTTP/1.1 on PORT, HTTP/2 (TLS) on the port after it. */
const PROTOCOLS = option('protocols', 'h1,h2').split(',');
const BASES = {
  h1: `http://127.0.0.1:${PORT}`,
  h2: `https://127.0.0.1:${PORT + 1}`,
};
/** The public pages; one content page (a help page) stands for all of them. */
const ONLY = option('pages')?.split(',');
const chosen = (pages) => (ONLY ? pages.filter((page) => ONLY.includes(page)) : pages);
const PUBLIC_PAGES = chosen([
  '/',
  '/login',
  '/register',
  '/en/login',
  '/hilfe/aufnahmen-hochladen',
]);
const SIGNED_IN_PAGES = chosen(['/dashboard', '/notes']);
const BLANK = chosen(['blank']).length > 0;
const BLANK_PAGE =
  '<!doctype html><html lang="de"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>Leer</title>' +
  '<meta name="description" content="Eine leere Seite zum Messen"></head><body><main>' +
  '<h1>Eine leere Seite zum Messen</h1><p>Nur Text: kein Skript, kein Stil, keine Schrift.</p>' +
  '</main></body></html>';

let dist = option('dist');
if (!dist) {
  const built = spawnSync('npx', ['--yes', 'pnpm@10.34.9', '--filter', '@protokoll/app', 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(1);
  dist = join(root, 'app/dist');
}
dist = resolve(dist);

const tlsDir = mkdtempSync(join(tmpdir(), 'protokoll-bench-tls-'));
const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
  keySize: 2048,
  algorithm: 'sha256',
  extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
});
writeFileSync(join(tlsDir, 'cert.pem'), pems.cert);
writeFileSync(join(tlsDir, 'key.pem'), pems.private);
// Chromium trusts this one key (the page counts as secure, which Lighthouse requires).
const spki = createHash('sha256')
  .update(new X509Certificate(pems.cert).publicKey.export({ type: 'spki', format: 'der' }))
  .digest('base64');
CHROME_FLAGS.push(`--ignore-certificate-errors-spki-list=${spki}`);

const dataDirs = [];
const servers = [];
/** A production server on a fresh embedded database; with TLS, HTTP/2. */
function startServer(port, tls) {
  const dataDir = mkdtempSync(join(tmpdir(), 'protokoll-bench-'));
  dataDirs.push(dataDir);
  // Its own process group, so stopping it also stops the server npx started.
  const server = spawn('npx', ['tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_DIST: dist,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WORKER: 'off',
      RATE_LIMIT_REGISTER: '100/1h',
      TLS_CERT_FILE: tls ? join(tlsDir, 'cert.pem') : '',
      TLS_KEY_FILE: tls ? join(tlsDir, 'key.pem') : '',
    },
  });
  servers.push(server);
}
const stop = () => {
  for (const server of servers) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  for (const dir of [...dataDirs, tlsDir]) rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stop);
if (PROTOCOLS.includes('h1')) startServer(PORT, false);
if (PROTOCOLS.includes('h2')) startServer(PORT + 1, true);

// The bench's own requests skip the check of the certificate it just made.
process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
for (const protocol of PROTOCOLS) {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${BASES[protocol]}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (tries > 600) throw new Error(`the ${protocol} server did not start`);
    await new Promise((done) => setTimeout(done, 500));
  }
}

const kib = (bytes) => (bytes / 1024).toFixed(1);

const rows = [];
const blankServer = createServer((_request, response) =>
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(BLANK_PAGE),
);
await new Promise((listening) => blankServer.listen(0, '127.0.0.1', listening));
const blankUrl = `http://127.0.0.1:${blankServer.address().port}/`;
const publicRuns = [
  ...(BLANK ? [{ path: 'blank', protocol: 'h1', url: blankUrl }] : []),
  ...PUBLIC_PAGES.flatMap((path) =>
    PROTOCOLS.map((protocol) => ({ path, protocol, url: `${BASES[protocol]}${path}` })),
  ),
];
for (const { path, url } of publicRuns) {
  const runs = [];
  for (let run = 0; run < RUNS; run++) runs.push(await lighthouse(url));
  const pick = (key) => median(runs.map((r) => r[key]));
  const bytes = Object.fromEntries(
    KINDS.map((kind) => [kind, median(runs.map((r) => r.bytes[kind]))]),
  );
  rows.push({
    path: path === 'blank' ? '(blank page)' : path,
    // What the browser reported for the document (http/1.1, h2), not what was asked for.
    protocol: runs[0].protocol,
    bi: pick('bi'),
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    bytes,
  });
  const last = rows.at(-1);
  process.stderr.write(
    `measured ${path} (${last.protocol}): score ${last.score}, LCP ${Math.round(last.lcp)} ms, CLS ${last.cls.toFixed(3)}\n`,
  );
}
blankServer.close();

// Signed in: a fresh account on each server, its session stored as the app stores it.
const accounts = {};
for (const protocol of PROTOCOLS) {
  accounts[protocol] = await (
    await fetch(`${BASES[protocol]}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Bench',
        last_name: 'Mark',
        email: `bench-${Date.now()}@example.de`,
        password: 'bench-password-1',
        accept_terms: true,
      }),
    })
  ).json();
}
const browser = await chromium.launch({ executablePath: CHROME, args: CHROME_FLAGS.slice(1) });
const signedIn = [];
const signedInRuns = SIGNED_IN_PAGES.flatMap((path) =>
  PROTOCOLS.flatMap((protocol) => [
    { path, protocol, label: path, authCookie: true, refreshCookie: true },
    { path, protocol, label: `${path} −auth`, authCookie: false, refreshCookie: true },
    { path, protocol, label: `${path} −cookies`, authCookie: false, refreshCookie: false },
    // A repeat visit: the same browser loads the page again, its hashed files in the cache; the
    // bytes count the second load alone (docs/architecture.md#signed-in-frames).
    {
      path,
      protocol,
      label: `${path} repeat`,
      authCookie: true,
      refreshCookie: true,
      repeat: true,
    },
  ]),
);
for (const { path, protocol, label, authCookie, refreshCookie, repeat } of signedInRuns) {
  const BASE = BASES[protocol];
  const registered = accounts[protocol];
  let seen = '?';
  const lcps = [];
  const clss = [];
  const totals = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: { width: 412, height: 823 },
      timezoneId: TIME_ZONE,
    });
    const stored = {
      token: registered.token,
      refreshToken: registered.refreshToken,
      user: registered.user,
      savedAt: Date.now(),
      expiresAt: Date.now() + 7 * 24 * 3600 * 1000,
    };
    await context.addInitScript(
      (value) => localStorage.setItem('auth-token', value),
      JSON.stringify(stored),
    );
    // The cookies the app writes beside it: the access token and the refresh token (sign-in,
    // every start and refresh) and the browser's time zone (every start).
    await context.addCookies([
      ...(authCookie ? [{ name: 'auth', value: registered.token, url: BASE }] : []),
      ...(refreshCookie
        ? [{ name: 'auth_refresh', value: encodeURIComponent(registered.refreshToken), url: BASE }]
        : []),
      { name: 'tz', value: encodeURIComponent(TIME_ZONE), url: BASE },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1638.4 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const bytes = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
    const types = new Map();
    cdp.on('Network.responseReceived', (event) => {
      types.set(event.requestId, [event.response.url, event.type]);
      if (event.type === 'Document') seen = event.response.protocol ?? seen;
    });
    cdp.on('Network.loadingFinished', (event) => {
      const [url, type] = types.get(event.requestId) ?? ['', ''];
      const kind = kindOf(url, type);
      if (kind in bytes) bytes[kind] += event.encodedDataLength;
    });
    // Generous: on a busy machine a throttled load takes long.
    if (repeat) {
      await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle', timeout: 180_000 });
      for (const kind of KINDS) bytes[kind] = 0;
    }
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle', timeout: 180_000 });
    const lcp = await page.evaluate(
      () =>
        new Promise((done) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            done(entries[entries.length - 1].startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
    // Shifts of the whole load, as Lighthouse counts them (none after an input: there is none).
    const cls = await page.evaluate(
      () =>
        new Promise((done) => {
          new PerformanceObserver((list) => {
            done(
              list
                .getEntries()
                .filter((entry) => !entry.hadRecentInput)
                .reduce((sum, entry) => sum + entry.value, 0),
            );
          }).observe({ type: 'layout-shift', buffered: true });
          // No entry at all: nothing shifted.
          setTimeout(() => done(0), 500);
        }),
    );
    lcps.push(lcp);
    clss.push(cls);
    totals.push(bytes);
    await context.close();
  }
  signedIn.push({
    path: label,
    protocol: seen,
    lcp: median(lcps),
    cls: median(clss),
    bytes: Object.fromEntries(KINDS.map((kind) => [kind, median(totals.map((b) => b[kind]))])),
  });
  const last = signedIn.at(-1);
  process.stderr.write(
    `measured ${label} (${last.protocol}): LCP ${Math.round(last.lcp)} ms, CLS ${last.cls.toFixed(3)}\n`,
  );
}
await browser.close();

const header = [
  'page',
  'protocol',
  'BI',
  'score',
  'FCP s',
  'LCP s',
  'TBT ms',
  'CLS',
  ...KINDS.map((k) => `${k} KiB`),
];
console.log(
  `\nLighthouse ${JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version}, mobile, median of ${RUNS} (${dist})`,
);
const width = Math.max(18, ...[...rows, ...signedIn].map((row) => row.path.length + 2));
/** One line of the table: the page, then a column per header cell (blank where not measured). */
const line = (path, cells) =>
  console.log(path.padEnd(width) + cells.map((cell) => String(cell).padStart(13)).join(''));
const sizes = (row) => KINDS.map((kind) => kib(row.bytes[kind]));
line(header[0], header.slice(1));
for (const row of rows) {
  line(row.path, [
    row.protocol,
    Math.round(row.bi),
    row.score,
    (row.fcp / 1000).toFixed(2),
    (row.lcp / 1000).toFixed(2),
    Math.round(row.tbt),
    row.cls.toFixed(3),
    ...sizes(row),
  ]);
}
console.log(
  '\nsigned in (Chromium, same throttling; −auth: without the auth cookie; −cookies: without the auth and the refresh cookie; repeat: the second load in the same browser)',
);
for (const row of signedIn) {
  line(row.path, [
    row.protocol,
    '',
    '',
    '',
    (row.lcp / 1000).toFixed(2),
    '',
    row.cls.toFixed(3),
    ...sizes(row),
  ]);
}
stop();
process.exit(0);
