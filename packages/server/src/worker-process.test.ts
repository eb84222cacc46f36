// The separate worker process (src/worker.ts) on SIGTERM: it stops claiming, lets the running job
// finish, closes its LISTEN connection and exits 0 on its own. PostgreSQL only: the process
// refuses PGlite, whose files belong to the one process that opened them.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { endpoints } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../tests/peers/openai.ts';
import { rowsOf } from './db/client.ts';
import { jobs } from './db/schema.ts';
import { TEST_JWT_SECRET } from './test/app.ts';
import { accountsApp, signUp } from './test/accounts.ts';
import { testDbKind, useTestDatabase } from './test/db.ts';
import { ledgerOf, uploadForm, waitForNote } from './jobs/testing.ts';

const database = useTestDatabase();
const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer({ latencyMs: 0 })]);
});
afterEach(() => {
  peer.configure({ hold: undefined });
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  peer.reset();
});
afterAll(async () => {
  await peer?.close();
});

/** The worker process with its output kept, and promises for a line and for its exit. */
function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const seen: { text: string; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const wait of seen.filter((w) => output.includes(w.text))) {
      seen.splice(seen.indexOf(wait), 1);
      wait.resolve();
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return {
    child,
    exited,
    output: () => output,
    /** Resolves once the output holds `text` (rejects when the process ends without it). */
    line(text: string): Promise<void> {
      if (output.includes(text)) return Promise.resolve();
      return Promise.race([
        new Promise<void>((resolve) => seen.push({ text, resolve })),
        exited.then((code) => {
          throw new Error(`worker exited (${code}) without "${text}":\n${output}`);
        }),
      ]);
    },
  };
}

/** Sessions of this test's database waiting on LISTEN (the worker's notification connection). */
async function listeners(): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await database().db.execute(
      sql`select count(*)::int as count from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    ),
  );
  return row?.count ?? 0;
}

describe.runIf(testDbKind === 'postgres')('worker process', () => {
  it('on SIGTERM when idle: closes its LISTEN connection and exits 0 by itself', async () => {
    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const worker = startWorker({
      DATABASE_URL: database().url!,
      DATA_DIR: app.dataDir,
      STT_BASE_URL: peer.url,
    });
    await worker.line('läuft');
    await expect.poll(listeners, { timeout: 30_000 }).toBe(1);

    worker.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toBe(0);
    await expect.poll(listeners, { timeout: 30_000 }).toBe(0);
  }, 120_000);

  it('on SIGTERM lets a running job finish, charges it once, then exits 0', async () => {
    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const anna = await signUp(app.api);
    let release = () => {};
    peer.configure({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const worker = startWorker({
      DATABASE_URL: database().url!,
      DATA_DIR: app.dataDir,
      STT_BASE_URL: peer.url,
    });
    await worker.line('läuft');
    const res = await app.api.call(endpoints.uploadNote, {
      token: anna.token,
      body: await uploadForm(fixtures.german.mp3),
    });
    expect(res.status).toBe(200);
    const note = res.body.note!;
    // The worker heard of it (NOTIFY) and holds it: its chunk waits at the engine.
    await expect
      .poll(() => peer.requests.filter((r) => r.endpoint === 'transcriptions').length, {
        timeout: 30_000,
      })
      .toBe(1);

    worker.child.kill('SIGTERM');
    await worker.line('shutting down');
    release();
    expect(await worker.exited, worker.output()).toBe(0);

    expect(await waitForNote(database().db, note.id)).toMatchObject({
      status: 'done',
      minutesCharged: 1,
    });
    const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toMatchObject({ state: 'done', attempts: 1, lockedBy: null });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);
    await expect.poll(listeners, { timeout: 30_000 }).toBe(0);
  }, 180_000);
});
