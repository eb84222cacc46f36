// Durability: a worker that dies mid-job, one that is stopped, one whose lease was taken over,
// and a long recording cut into chunks. Whatever happens, a job's minutes are charged once.
import { join } from 'node:path';
import { endpoints, type Note } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  audioFixtures,
  LONG_BLOCK_SECONDS,
  LONG_DURATION_SECONDS,
  LONG_RECORDING_TEST_MS,
  type AudioFixtures,
} from '../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import type { Env } from '../config.ts';
import { jobs } from '../db/schema.ts';
import { settleMinutes } from '../domain/minutes.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import type { Checkpoint } from './pipeline.ts';
import { claimJob, writeCheckpoint } from './queue.ts';
import { filesIn, ledgerOf, uploadForm, waitForNote } from './testing.ts';
import {
  createWorker,
  workDirOf,
  type Worker,
  type WorkerEvent,
  type WorkerOptions,
} from './worker.ts';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
const workers: Worker[] = [];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer({ latencyMs: 0 })]);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  // A test that failed midway leaves no job behind for the next one's workers to take.
  await database().db.delete(jobs);
  peer.reset();
  peer.configure({ latencyMs: 0, maxConcurrency: undefined });
});
afterAll(async () => {
  await peer?.close();
});

/**
 * How long a test waits for a job to reach a state: the test's own timeout is the real cap, this
 * only keeps a failure's message (under load a stage took 18 s).
 */
const STATE_TIMEOUT_MS = 50_000;

/** Three chunks of the 7.8-second German recording: 4 s each with 1 s overlap. */
const SMALL_CHUNKS = { maxChunkSeconds: 4, overlapSeconds: 1 };

function worker(app: AccountsApp, options: Partial<WorkerOptions> = {}): Worker {
  const created = createWorker({
    db: database().db,
    config: app.config,
    pollMs: 20,
    maxAttempts: 3,
    retryBackoffMs: 20,
    pipeline: { chunkRetries: 1, chunkBackoffMs: 10, chunking: SMALL_CHUNKS },
    ...options,
  });
  workers.push(created);
  return created;
}

async function setup(env: Env = {}) {
  const app = await accountsApp(database(), {
    STT_BASE_URL: peer.url,
    STT_CONCURRENCY: '1',
    ...env,
  });
  const anna = await signUp(app.api);
  return { app, anna };
}

async function upload(
  app: AccountsApp,
  account: SignedUp,
  file = fixtures.german.mp3,
): Promise<Note> {
  const res = await app.api.call(endpoints.uploadNote, {
    token: account.token,
    body: await uploadForm(file),
  });
  expect(res.status).toBe(200);
  return res.body.note!;
}

async function jobOf(noteId: number) {
  const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, noteId));
  return job!;
}

const transcriptions = () => peer.requests.filter((r) => r.endpoint === 'transcriptions');

describe('durable jobs', () => {
  it('resumes a job whose worker died, from its checkpoint, and charges once', async () => {
    const { app, anna } = await setup();
    const note = await upload(app, anna);

    // Worker A dies right after its first chunk is checkpointed. Awaited as that event, not
    // polled with a cap of its own: under load the first chunk took 18 s (the old cap was 15 s).
    let dying: Promise<void> | undefined;
    let dead = () => {};
    const died = new Promise<void>((resolve) => (dead = resolve));
    const a = worker(app, {
      id: 'worker-a',
      onEvent: (event: WorkerEvent) => {
        if (event.type === 'chunk' && !dying) {
          dying = a.abandon();
          void dying.then(dead);
        }
      },
    });
    a.start();
    await died;
    expect(transcriptions()).toHaveLength(1);
    const orphan = await jobOf(note.id);
    expect(orphan).toMatchObject({
      state: 'running',
      lockedBy: 'worker-a',
      stage: 'transcribe',
      attempts: 1,
    });
    const saved = orphan.checkpoint as Checkpoint;
    expect(saved.chunks).toHaveLength(3);
    expect(Object.keys(saved.transcripts ?? {})).toEqual(['0']);
    // Its minutes are still held while nobody works on it.
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1']);

    // Nobody renews the lease any more: once it has run out, the next claim takes the job over.
    await database()
      .db.update(jobs)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, orphan.id));
    peer.reset();
    const b = worker(app, { id: 'worker-b' });
    expect(await b.runOnce()).toBe(true);

    const done = await waitForNote(database().db, note.id);
    expect(done).toMatchObject({ status: 'done', minutesCharged: 1 });
    // Only the two chunks A had not finished were sent again.
    expect(transcriptions()).toHaveLength(2);
    expect(await jobOf(note.id)).toMatchObject({ state: 'done', attempts: 2, lockedBy: null });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);

    // The dead worker cannot write any more, and settling again changes nothing.
    expect(await writeCheckpoint(database().db, orphan.id, 'worker-a', { stage: 'store' })).toBe(
      false,
    );
    await database().db.transaction(async (tx) => {
      expect(await settleMinutes(tx, note.id, 'charge')).toBe(0);
      expect(await settleMinutes(tx, note.id, 'refund')).toBe(0);
    });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);
    expect(await filesIn(workDirOf(app.dataDir, note.id))).toEqual([]);
  });

  it('hands a running job back on stop, without counting the attempt, for the next worker', async () => {
    const { app, anna } = await setup();
    peer.configure({ latencyMs: 400 });
    const note = await upload(app, anna);
    let released = false;
    const first = worker(app, {
      onEvent: (event) => {
        if (event.type === 'released') released = true;
      },
    });
    first.start();
    await expect
      .poll(async () => (await jobOf(note.id)).stage, { timeout: STATE_TIMEOUT_MS })
      .toBe('transcribe');
    await first.stop({ graceMs: 0 });
    expect(released).toBe(true);
    expect(await jobOf(note.id)).toMatchObject({
      state: 'queued',
      lockedBy: null,
      leaseUntil: null,
      attempts: 0,
    });

    peer.configure({ latencyMs: 0 });
    worker(app).start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);
  });

  it('stops working on a note deleted mid-run: no charge, no files left', async () => {
    const { app, anna } = await setup();
    peer.configure({ latencyMs: 300 });
    const note = await upload(app, anna);
    const events: WorkerEvent[] = [];
    worker(app, { onEvent: (event) => events.push(event) }).start();
    await expect
      .poll(async () => (await jobOf(note.id))?.stage, { timeout: STATE_TIMEOUT_MS })
      .toBe('transcribe');
    const res = await app.api.call(endpoints.deleteNote, {
      query: { id: note.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    await expect
      .poll(() => events.some((event) => event.type === 'lost'), { timeout: STATE_TIMEOUT_MS })
      .toBe(true);
    expect(events.some((event) => event.type === 'done')).toBe(false);
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);
    await expect.poll(() => filesIn(workDirOf(app.dataDir, note.id))).toEqual([]);
    expect(await filesIn(join(app.dataDir, 'audio'))).toEqual([]);
  });

  it('fails a job, with a refund, when its workers keep dying on it', async () => {
    const { app, anna } = await setup();
    const note = await upload(app, anna);
    // Claimed and lost as often as allowed (maxAttempts 3).
    for (let i = 0; i < 3; i++) {
      expect(await claimJob(database().db, `doomed-${i}`)).toMatchObject({ noteId: note.id });
      await database()
        .db.update(jobs)
        .set({ leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(jobs.noteId, note.id));
    }
    expect(await worker(app).runOnce()).toBe(true);
    expect(await waitForNote(database().db, note.id)).toMatchObject({
      status: 'error',
      error: 'processing.failed.attempts',
    });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);
    expect(transcriptions()).toHaveLength(0);
  });

  it('never hands one job to two claimers at once', async () => {
    const { app, anna } = await setup();
    const [first, second] = [await upload(app, anna), await upload(app, anna)];
    const claims = await Promise.all(['c1', 'c2', 'c3'].map((id) => claimJob(database().db, id)));
    const claimed = claims.flatMap((job) => (job ? [job.noteId] : [])).sort((x, y) => x - y);
    expect(claimed).toEqual([first.id, second.id]);
    // Not due again while their leases run.
    expect(await claimJob(database().db, 'c4')).toBeUndefined();
  });

  it(
    'cuts a 25-minute recording into chunks, transcribes them with bounded concurrency and merges them',
    async () => {
      const { app, anna } = await setup({ STT_CONCURRENCY: '2' });
      peer.configure({ maxConcurrency: 2 });
      const note = await upload(app, anna, fixtures.long);
      expect(note.duration_seconds).toBeCloseTo(LONG_DURATION_SECONDS, 0);
      worker(app, { pipeline: { chunkRetries: 0, chunkBackoffMs: 10 } }).start();
      const done = await waitForNote(
        database().db,
        note.id,
        ['done', 'error'],
        LONG_RECORDING_TEST_MS - 10_000,
      );
      expect(done.status).toBe('done');

      // Lead chunks of 30, 60, 120 and 240 s, then two of at most ten minutes; two at a time,
      // none refused by the engine.
      expect(transcriptions()).toHaveLength(6);
      expect(transcriptions().every((r) => r.status === 200)).toBe(true);
      expect(peer.peakConcurrency()).toBeLessThanOrEqual(2);
      const lengths = transcriptions().map((r) => r.file!.durationSeconds!);
      expect(Math.max(...lengths)).toBeLessThanOrEqual(600.1);

      // Every tone block once, in order, at its true time: the overlap duplicates are gone.
      const blocks = LONG_DURATION_SECONDS / LONG_BLOCK_SECONDS;
      expect(done.segments.map((segment) => segment.text)).toEqual(
        Array.from({ length: blocks }, (_, k) => `Block ${k}`),
      );
      for (const [k, segment] of done.segments.entries()) {
        expect(Math.abs(segment.start - k * LONG_BLOCK_SECONDS), `block ${k}`).toBeLessThan(0.6);
      }
      // 25 minutes (plus the encoder's padding) cost exactly 25.
      expect(done.minutesCharged).toBe(25);
      expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:25', 'charge:25']);
      expect(await filesIn(join(app.dataDir, 'work'))).toEqual([]);
    },
    LONG_RECORDING_TEST_MS,
  );
});
