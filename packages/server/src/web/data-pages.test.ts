import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { threadId } from 'node:worker_threads';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  endpoints,
  type DataPageRenderer,
  type DataRenderRequest,
  type NoteListItem,
} from '@protokoll/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signAccessToken } from '../lib/auth/tokens.ts';
import { openGate } from '../lib/db-gate.ts';
import { ServerBusyError } from '../lib/errors.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { TEST_JWT_SECRET } from '../test/app.ts';
import { useTestDatabase } from '../test/db.ts';
import { seedNote } from '../test/notes.ts';
import { RENDER_QUEUE } from './data-pages.ts';

// Pages rendered with the reader's data (docs/architecture.md#pages-rendered-with-data): when the
// server renders, what the render module may ask, and what every other request gets. The render
// module here stands in for the app's (tests/e2e/notes-with-data.spec.ts drives the real one): it
// asks the list through the API it is handed, with the token, as the app's does.

const SHELL = '<!doctype html><html><body><div id="root"></div></body></html>';

const database = useTestDatabase();
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
  await mkdir(join(dist, '.ssr'));
  await writeFile(join(dist, 'index.html'), SHELL);
  await writeFile(join(dist, '.ssr', 'entry-server.js'), 'export const secret = 1;');
});
afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

/** What the stand-in saw: each request, and the status of each API answer it got. */
let requests: DataRenderRequest[];
let answers: number[];
/** How the stand-in renders; by default the notes of the list, as the app's module does. */
let render: (request: DataRenderRequest) => Promise<string | null>;

const listDocument = async (request: DataRenderRequest) => {
  const answer = await request.fetch(`/api/note/list?page=1&page_size=10`, {
    headers: { Authorization: `Bearer ${request.token}` },
  });
  answers.push(answer.status);
  if (!answer.ok) return null;
  const { notes } = (await answer.json()) as { notes: NoteListItem[] };
  return `<html><body><div id="root">${notes.map((note) => note.name).join(', ')} (${request.timeZone})</div></body></html>`;
};

const renderer: DataPageRenderer = {
  renderDocumentWithData(request) {
    requests.push(request);
    return render(request);
  },
  renderShareDocument: () => Promise.reject(new Error('not a share page test')),
};

const servedApp = () =>
  accountsApp(
    database(),
    { SERVE_APP: 'true', APP_DIST: dist },
    { pageRenderer: () => Promise.resolve(renderer) },
  );

let t: AccountsApp;
beforeAll(async () => {
  t = await servedApp();
});
beforeEach(() => {
  requests = [];
  answers = [];
  render = listDocument;
});

const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

const get = (app: AccountsApp, path: string, cookies: Record<string, string>, encoding = '') =>
  app.app.request(path, {
    headers: { Cookie: cookieHeader(cookies), 'Accept-Encoding': encoding },
  });

/** The claims of an access token, read without checking it. */
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
    sub: string;
    sid: string;
  };

/** An access token of the reader's session that expired a minute ago. */
const expiredTokenOf = (reader: SignedUp) =>
  signAccessToken(
    TEST_JWT_SECRET,
    { userId: reader.user.id, sessionId: claimsOf(reader.token).sid },
    new Date(Date.now() - 16 * 60_000),
  );

/** The page as the server sends it to anyone: the shell, without data. */
const expectShell = async (res: Response) => {
  expect(res.status).toBe(200);
  expect(res.headers.get('Cache-Control')).toBe('no-cache');
  expect(await res.text()).toBe(SHELL);
};

describe('a page rendered with the reader data', () => {
  it("has the reader's notes, never another's, with the reader's time zone", async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    await seedNote(database().db, anna.user.id, { name: 'Annas Notiz' });
    await seedNote(database().db, bob.user.id, { name: 'Bobs Notiz' });

    const res = await get(t, '/notes?folder_id=4', { auth: anna.token, tz: 'Europe%2FBerlin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=UTF-8');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding, Cookie');
    const html = await res.text();
    expect(html).toContain('Annas Notiz (Europe/Berlin)');
    expect(html).not.toContain('Bobs Notiz');
    expect(requests).toEqual([
      expect.objectContaining({
        address: '/notes',
        search: '?folder_id=4',
        token: anna.token,
        timeZone: 'Europe/Berlin',
      }),
    ]);
    expect(answers).toEqual([200]);

    await get(t, '/en/notes', { auth: bob.token, tz: 'America%2FNew_York' });
    expect(requests[1]).toMatchObject({ address: '/en/notes', search: '', token: bob.token });
  });

  it('once the access token has expired, for a live refresh token in the refresh cookie, without spending it', async () => {
    const anna = await signUp(t.api);
    await seedNote(database().db, anna.user.id, { name: 'Nach der Pause' });
    const expired = await expiredTokenOf(anna);
    for (const cookies of [
      { auth_refresh: anna.refreshToken, tz: 'UTC' } as Record<string, string>,
      { auth: expired, auth_refresh: anna.refreshToken, tz: 'UTC' },
    ]) {
      const res = await get(t, '/notes', cookies);
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(await res.text()).toContain('Nach der Pause (UTC)');
    }
    // The render asked with a token of its own, for Anna's session; none reached the page.
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.token).not.toBe(expired);
      expect(claimsOf(request.token)).toMatchObject({
        sub: String(anna.user.id),
        sid: claimsOf(anna.token).sid,
      });
    }
    expect(answers).toEqual([200, 200]);
    // The browser's refresh token is still the one to spend.
    const refreshed = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: anna.refreshToken },
    });
    expect(refreshed.status).toBe(200);
  });

  it.each([
    ['br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => gunzipSync(body)],
    ['', (body: Buffer) => body],
  ])('is compressed as the client accepts (%s)', async (encoding, decode) => {
    const anna = await signUp(t.api);
    await seedNote(database().db, anna.user.id, { name: 'Komprimiert' });
    const res = await get(t, '/notes', { auth: anna.token, tz: 'UTC' }, encoding);
    expect(res.headers.get('Content-Encoding')).toBe(encoding || null);
    const body = decode(Buffer.from(await res.arrayBuffer())).toString('utf8');
    expect(body).toContain('Komprimiert (UTC)');
  });
});

describe('the page as for anyone', () => {
  it.each([
    ['no auth cookie', (token: string) => ({ tz: 'Europe%2FBerlin', other: token.slice(0, 4) })],
    ['no time zone', (token: string) => ({ auth: token })],
    ['an unknown time zone', (token: string) => ({ auth: token, tz: 'Mars%2FOlympus' })],
    ['a time zone too long', (token: string) => ({ auth: token, tz: 'E'.repeat(65) })],
    ['a time zone with a control character', (token: string) => ({ auth: token, tz: 'UTC%00' })],
    ['a token not ours', () => ({ auth: 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', tz: 'UTC' })],
  ])('without rendering anything: %s', async (_case, cookies) => {
    const anna = await signUp(t.api);
    await expectShell(await get(t, '/notes', cookies(anna.token)));
    expect(requests).toEqual([]);
  });

  it('for an expired token without a refresh cookie, without rendering anything', async () => {
    const anna = await signUp(t.api);
    await expectShell(await get(t, '/notes', { auth: await expiredTokenOf(anna), tz: 'UTC' }));
    expect(requests).toEqual([]);
  });

  it('for a refresh cookie whose token is unknown, spent or of an ended session, without rendering anything or revoking', async () => {
    const anna = await signUp(t.api);
    const expired = await expiredTokenOf(anna);
    await expectShell(await get(t, '/notes', { auth_refresh: 'unbekannt', tz: 'UTC' }));
    // Spent by a refresh (a stale copy of the cookie): not taken for a theft.
    const refreshed = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: anna.refreshToken },
    });
    const next = refreshed.body as { token: string; refreshToken: string };
    await expectShell(
      await get(t, '/notes', { auth: expired, auth_refresh: anna.refreshToken, tz: 'UTC' }),
    );
    expect(requests).toEqual([]);
    const again = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: next.refreshToken },
    });
    expect(again.status).toBe(200);
    // Its session ended (logout): refused as well.
    const bob = await signUp(t.api);
    await t.api.call(endpoints.logout, { token: bob.token });
    await expectShell(await get(t, '/notes', { auth_refresh: bob.refreshToken, tz: 'UTC' }));
    expect(requests).toEqual([]);
  });

  it('when the session behind the token has ended: the API refuses the render its data', async () => {
    const anna = await signUp(t.api);
    await t.api.call(endpoints.logout, { token: anna.token });
    await expectShell(await get(t, '/notes', { auth: anna.token, tz: 'UTC' }));
    expect(answers).toEqual([401]);
  });

  it('on every other page, and on a page whose address names nothing', async () => {
    const anna = await signUp(t.api);
    const cookies = { auth: anna.token, tz: 'UTC' };
    await expectShell(await get(t, '/dashboard', cookies));
    await expectShell(await get(t, '/saved-notes', cookies));
    expect((await get(t, '/notes?note=abc', cookies)).status).toBe(404);
    expect(requests).toEqual([]);
  });

  it('when the render asks for anything but a GET of the API, which it never gets', async () => {
    const anna = await signUp(t.api);
    const note = await seedNote(database().db, anna.user.id, { name: 'Bleibt' });
    const attempts: Promise<unknown>[] = [];
    render = async ({ fetch, token }) => {
      const headers = { Authorization: `Bearer ${token}` };
      attempts.push(
        fetch(`/api/note?id=${note.id}`, { method: 'DELETE', headers }),
        fetch('/notes', { headers }),
        fetch('//elsewhere.example/api/user', { headers }),
      );
      await Promise.all(attempts);
      return '<html>never</html>';
    };
    await expectShell(await get(t, '/notes', { auth: anna.token, tz: 'UTC' }));
    for (const attempt of attempts) await expect(attempt).rejects.toThrow(/page rendering asked/);
    const list = await t.api.call(endpoints.listNotes, { token: anna.token });
    expect(list.body.notes.map((n) => n.name)).toEqual(['Bleibt']);
    expect(t.logs).toContainEqual(expect.objectContaining({ msg: 'page rendering failed' }));
  });

  it('at once when the database is too busy to look the refresh token up', async () => {
    let busy = false;
    const gated = await accountsApp(
      database(),
      { SERVE_APP: 'true', APP_DIST: dist },
      {
        pageRenderer: () => Promise.resolve(renderer),
        dbGate: {
          run: (work, options) =>
            busy ? Promise.reject(new ServerBusyError('test', 1)) : openGate.run(work, options),
          active: 0,
          waiting: 0,
        },
      },
    );
    const anna = await signUp(gated.api);
    busy = true;
    await expectShell(await get(gated, '/notes', { auth_refresh: anna.refreshToken, tz: 'UTC' }));
    expect(requests).toEqual([]);
  });

  it('when the render fails or answers nothing', async () => {
    const anna = await signUp(t.api);
    render = () => Promise.reject(new Error('broken render'));
    await expectShell(await get(t, '/notes', { auth: anna.token, tz: 'UTC' }));
    render = () => Promise.resolve(null);
    await expectShell(await get(t, '/notes', { auth: anna.token, tz: 'UTC' }));
    expect(requests).toHaveLength(2);
  });

  it('when the build has no render module, one without the function, or one that does not load', async () => {
    const without = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
    const broken = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
    try {
      await writeFile(join(without, 'index.html'), SHELL);
      await writeFile(join(broken, 'index.html'), SHELL);
      await mkdir(join(broken, '.ssr'));
      await writeFile(join(broken, '.ssr', 'entry-server.js'), 'export const = ;');
      // The test's own dist holds a module without `renderDocumentWithData`.
      for (const appDist of [without, dist, broken]) {
        const bare = await accountsApp(database(), {
          SERVE_APP: 'true',
          APP_DIST: appDist,
          PAGE_RENDER_THREADS: '0',
        });
        const anna = await signUp(bare.api);
        await expectShell(await get(bare, '/notes', { auth: anna.token, tz: 'UTC' }));
        expect(bare.logs.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual(
          appDist === broken ? ['page render module failed to load'] : [],
        );
      }
      // In a render thread the module loads there: a module that fails is a failed render.
      for (const appDist of [without, dist, broken]) {
        const threaded = await accountsApp(database(), {
          SERVE_APP: 'true',
          APP_DIST: appDist,
          PAGE_RENDER_THREADS: '1',
        });
        const anna = await signUp(threaded.api);
        await expectShell(await get(threaded, '/notes', { auth: anna.token, tz: 'UTC' }));
        expect(
          threaded.logs.filter((line) => line.level === 'error').map((line) => line.msg),
        ).toEqual(appDist === without ? [] : ['page rendering failed']);
      }
    } finally {
      await rm(without, { recursive: true, force: true });
      await rm(broken, { recursive: true, force: true });
    }
  });

  it('when renders are slow or many: side by side up to a bound, the rest at once or after a short wait', async () => {
    const slow = await servedApp();
    const anna = await signUp(slow.api);
    const finishing: ((html: string | null) => void)[] = [];
    render = () => new Promise((resolve) => finishing.push(resolve));
    const { maxConcurrent, queueLimit } = RENDER_QUEUE;
    const started = Date.now();
    const pages = await Promise.all(
      Array.from({ length: maxConcurrent + queueLimit + 1 }, () =>
        get(slow, '/notes', { auth: anna.token, tz: 'UTC' }),
      ),
    );
    for (const page of pages) await expectShell(page);
    // The first ones waited for their renders 3 s, the line for a place 1 s, the last not at all.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(requests).toHaveLength(maxConcurrent);
    // A render that ends after its request was answered frees its place for the next.
    for (const finish of finishing) finish(null);
    render = listDocument;
    await seedNote(database().db, anna.user.id, { name: 'Danach' });
    const next = await get(slow, '/notes', { auth: anna.token, tz: 'UTC' });
    expect(await next.text()).toContain('Danach');
  });

  it('renders several readers at once, each with their own data', async () => {
    const readers = await Promise.all([signUp(t.api), signUp(t.api), signUp(t.api)]);
    for (const [i, reader] of readers.entries()) {
      await seedNote(database().db, reader.user.id, { name: `Notiz ${i}` });
    }
    // Every render waits until all have started: they run side by side.
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    render = async (request) => {
      if (requests.length === readers.length) release();
      await allStarted;
      return listDocument(request);
    };
    const pages = await Promise.all(
      readers.map((reader) => get(t, '/notes', { auth: reader.token, tz: 'UTC' })),
    );
    for (const [i, page] of pages.entries()) {
      const html = await page.text();
      expect(html).toContain(`Notiz ${i} (UTC)`);
      for (const other of [0, 1, 2].filter((j) => j !== i))
        expect(html).not.toContain(`Notiz ${other}`);
    }
  });
});

/**
 * A stand-in for the app's render module that a render thread loads from the build's place: it
 * asks the list with the token (and, for a note named so, what it may not ask) as the app's does.
 */
const THREAD_MODULE = `
import { threadId } from 'node:worker_threads';
export async function renderDocumentWithData({ address, token, timeZone, fetch }) {
  const headers = { Authorization: 'Bearer ' + token };
  const answer = await fetch('/api/note/list?page=1&page_size=10', { headers });
  if (!answer.ok) return null;
  const { notes } = await answer.json();
  const refused = [];
  if (notes.some((note) => note.name === 'Verboten')) {
    for (const [url, method] of [['/api/note?id=' + notes[0].id, 'DELETE'], ['/notes', 'GET']]) {
      await fetch(url, { method, headers }).then(
        () => refused.push('answered'),
        (error) => refused.push(error.message),
      );
    }
  }
  return '<html><body><div id="root">' + notes.map((note) => note.name).join(', ') +
    ' (' + timeZone + ', ' + address + ', thread ' + threadId + ') ' + refused.join(' | ') +
    '</div></body></html>';
}`;

describe('in render threads (PAGE_RENDER_THREADS)', () => {
  let threadDist: string;
  let threaded: AccountsApp;
  beforeAll(async () => {
    threadDist = await mkdtemp(join(tmpdir(), 'protokoll-dist-'));
    await mkdir(join(threadDist, '.ssr'));
    await writeFile(join(threadDist, 'index.html'), SHELL);
    await writeFile(join(threadDist, '.ssr', 'entry-server.js'), THREAD_MODULE);
    threaded = await accountsApp(database(), {
      SERVE_APP: 'true',
      APP_DIST: threadDist,
      PAGE_RENDER_THREADS: '2',
    });
  });
  afterAll(async () => {
    await rm(threadDist, { recursive: true, force: true });
  });

  it("renders in another thread, its API requests answered here: the reader's notes, never another's", async () => {
    const anna = await signUp(threaded.api);
    const bob = await signUp(threaded.api);
    await seedNote(database().db, anna.user.id, { name: 'Annas Notiz' });
    await seedNote(database().db, bob.user.id, { name: 'Bobs Notiz' });
    const res = await get(threaded, '/en/notes', { auth: anna.token, tz: 'Europe%2FBerlin' });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    const html = await res.text();
    const [, thread] = /Annas Notiz \(Europe\/Berlin, \/en\/notes, thread (\d+)\)/.exec(html) ?? [];
    expect(Number(thread)).not.toBe(threadId);
    expect(html).not.toContain('Bobs Notiz');
  });

  it('refuses the thread anything but a GET of the API, and a refused token gives the shell', async () => {
    const anna = await signUp(threaded.api);
    await seedNote(database().db, anna.user.id, { name: 'Verboten' });
    const html = await (await get(threaded, '/notes', { auth: anna.token, tz: 'UTC' })).text();
    expect(html).toContain('page rendering asked DELETE http://in-process/api/note?id=');
    expect(html).toContain('page rendering asked GET http://in-process/notes');
    expect(html).not.toContain('answered');
    const list = await threaded.api.call(endpoints.listNotes, { token: anna.token });
    expect(list.body.notes.map((n) => n.name)).toEqual(['Verboten']);
    // A token that was never signed: the API refuses the list, the page goes out as for anyone.
    await expectShell(await get(threaded, '/notes', { auth: `${anna.token}x`, tz: 'UTC' }));
  });

  it('renders several readers at once, each with their own data', async () => {
    const readers = await Promise.all([0, 1, 2, 3].map(() => signUp(threaded.api)));
    for (const [i, reader] of readers.entries()) {
      await seedNote(database().db, reader.user.id, { name: `Faden ${i}` });
    }
    const pages = await Promise.all(
      readers.map((reader) => get(threaded, '/notes', { auth: reader.token, tz: 'UTC' })),
    );
    for (const [i, page] of pages.entries()) {
      const html = await page.text();
      expect(html).toContain(`Faden ${i} (UTC`);
      for (const other of [0, 1, 2, 3].filter((j) => j !== i))
        expect(html).not.toContain(`Faden ${other}`);
    }
  });
});

describe('the render module', () => {
  it('is never served: it lies in a hidden folder of the build', async () => {
    for (const path of ['/.ssr/entry-server.js', '/.ssr/']) {
      const res = await t.app.request(path);
      expect(await res.text()).not.toContain('secret');
    }
  });
});
