/**
 * One `/notes` render with data, measured in-process (`npm run bench:render`): the real app
 * (`createApp` with the built render module) on a seeded database, signed in, asked `GET /notes`
 * RENDER_PAGES times in a row after a warm-up. Prints the CPU and wall time per page; with
 * `--profile FILE` writes a CPU profile of the measured pages (open it in Chrome's DevTools, or
 * read its self time per function). Not a test: the figures go into
 * docs/decisions/002-rendering-per-request.md.
 *
 *   npm run bench:render                                   PGlite, this checkout's app/dist
 *   npm run bench:render -- --profile /tmp/notes.cpuprofile
 *   APP_DIST=../other/app/dist npm run bench:render        another build's render module
 *   DATABASE_URL=postgres://… npm run bench:render         PostgreSQL (a throwaway database)
 *   RENDER_PAGES=200 RENDER_NOTES=500                       pages measured, notes seeded
 *   RENDER_HTML=/tmp/notes.html                            keep one page's document
 *   PAGE_RENDER_THREADS=1                                  render in a thread (default 0: here)
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/auth/passwords.ts';
import { createLogger } from '../src/lib/logger.ts';
import { seedNote } from '../src/test/notes.ts';

// React's production build, as the server runs it (the render module loads React after this line).
process.env.NODE_ENV = 'production';
const PAGES = Number(process.env.RENDER_PAGES ?? 100);
const NOTES = Number(process.env.RENDER_NOTES ?? 500);
const profileAt = process.argv.indexOf('--profile');
const profileFile = profileAt > 0 ? process.argv[profileAt + 1] : undefined;
const repoDir = new URL('../../..', import.meta.url).pathname;
const appDist = resolve(process.env.APP_DIST ?? join(repoDir, 'app/dist'));

const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-render-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  const email = `render-${randomBytes(3).toString('hex')}@protokoll.test`;
  const password = 'Rendertest-Passwort-2026';
  const [user] = await database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(password), firstName: 'Render' })
    .returning({ id: users.id });
  for (let i = 0; i < NOTES; i++) {
    await seedNote(database.db, user!.id, { name: `Besprechung ${i + 1}` });
  }
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: dataDir,
    SERVE_APP: 'true',
    APP_DIST: appDist,
    WORKER: 'off',
    STT_BASE_URL: 'http://127.0.0.1:9/v1',
    RATE_LIMIT_LOGIN: '999999999/1s',
    RATE_LIMIT_LOGIN_IP: '999999999/1s',
    PAGE_RENDER_THREADS: process.env.PAGE_RENDER_THREADS ?? '0',
    ...(process.env.DATABASE_URL && { DATABASE_URL: process.env.DATABASE_URL }),
  });
  const logger = createLogger({ level: 'error', write: () => {} });
  const app = createApp({ db: database, config, logger, version: 'bench' });
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { cookie: `auth=${token}; tz=Europe%2FBerlin`, accept: 'text/html' };
  let shells = 0;
  const page = async () => {
    const answer = await app.request('/notes', { headers });
    const html = await answer.text();
    // A render past the server's wait (a busy machine) sends the page without data: counted.
    if (!html.includes('<script id="queries"')) shells++;
    return html.length;
  };
  for (let i = 0; i < 30; i++) await page();
  shells = 0;
  const session = profileFile ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const cpu = process.cpuUsage();
  const loop = performance.eventLoopUtilization();
  const started = performance.now();
  let bytes = 0;
  for (let i = 0; i < PAGES; i++) bytes = await page();
  // RENDER_HTML=file keeps one page's document, to compare two builds' markup.
  if (process.env.RENDER_HTML) {
    const answer = await app.request('/notes', { headers });
    await writeFile(process.env.RENDER_HTML, await answer.text());
  }
  const wall = performance.now() - started;
  const used = process.cpuUsage(cpu);
  // The thread that answers HTTP: busy for this long per page (the bound on pages per second
  // when a render thread has a core of its own).
  const busy = performance.eventLoopUtilization(loop).active;
  if (session) {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(profileFile!, JSON.stringify(profile));
    session.disconnect();
  }
  console.log(
    `${appDist}: ${PAGES} pages of ${bytes} bytes, ${(wall / PAGES).toFixed(1)} ms wall and ` +
      `${((used.user + used.system) / 1000 / PAGES).toFixed(1)} ms CPU per page (all threads), ` +
      `${(busy / PAGES).toFixed(1)} ms of the server thread's event loop` +
      `${shells > 0 ? `, ${shells} without data` : ''} (${database.kind}, load average ${loadavg()[0]!.toFixed(1)})${profileFile ? `, profile ${profileFile}` : ''}`,
  );
} finally {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
