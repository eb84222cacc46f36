// How an idle worker learns of new work, and how its slots keep stages apart: a job queued
// anywhere on the database wakes it through the database's notification (not its poll), and a
// summary runs while another note's transcription holds the transcription slot.
import { endpoints, type Note } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, GERMAN_TEXT, type AudioFixtures } from '../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import { jobs, notes } from '../db/schema.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { silentLogger } from '../lib/logger.ts';
import { useTestDatabase } from '../test/db.ts';
import { createJobSignal, listenForJobs } from './signal.ts';
import { sentChunkSha256, uploadForm, waitForNote } from './testing.ts';
import { createWorker, type Worker, type WorkerEvent } from './worker.ts';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
const workers: Worker[] = [];
const listeners: (() => Promise<void>)[] = [];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer({ latencyMs: 0 })]);
  peer.registerTranscript(await sentChunkSha256(fixtures.german.mp3), GERMAN_TEXT);
});
afterEach(async () => {
  peer.configure({ hold: undefined });
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  await Promise.all(listeners.splice(0).map((stop) => stop()));
  await database().db.delete(jobs);
  peer.reset();
});
afterAll(async () => {
  await peer?.close();
});

/** Resolves with the first event that matches, from those seen so far or still to come. */
function eventWaiter(events: WorkerEvent[]) {
  const waiting: { match: (e: WorkerEvent) => boolean; resolve: (e: WorkerEvent) => void }[] = [];
  return {
    push(event: WorkerEvent) {
      events.push(event);
      for (const w of [...waiting]) {
        if (w.match(event)) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(event);
        }
      }
    },
    next(match: (e: WorkerEvent) => boolean, from = 0): Promise<WorkerEvent> {
      const seen = events.slice(from).find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

async function upload(app: AccountsApp, account: SignedUp): Promise<Note> {
  const res = await app.api.call(endpoints.uploadNote, {
    token: account.token,
    body: await uploadForm(fixtures.german.mp3),
  });
  expect(res.status).toBe(200);
  return res.body.note!;
}

describe('waking', () => {
  it('wakes an idle worker through the database notification, long before its poll', async () => {
    // The app has its own in-process signal: the worker hears of the upload only from the
    // database, as a worker in another process would.
    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const account = await signUp(app.api);
    const signal = createJobSignal();
    listeners.push(await listenForJobs(database(), signal, silentLogger));
    const events: WorkerEvent[] = [];
    const seen = eventWaiter(events);
    const worker = createWorker({
      db: database().db,
      config: app.config,
      jobs: signal,
      // An hour: a claim in this test can only have come from the notification.
      pollMs: 3_600_000,
      onEvent: (event) => seen.push(event),
    });
    workers.push(worker);
    worker.start();
    await seen.next((e) => e.type === 'idle');
    const from = events.length;

    const note = await upload(app, account);
    const claimed = await seen.next((e) => e.type === 'claimed', from);
    expect(claimed).toMatchObject({ noteId: note.id });
    const woken = events.slice(from).filter((e) => e.type === 'woken');
    expect(woken[0]).toEqual({ type: 'woken', by: 'signal' });
    expect(woken.some((e) => e.type === 'woken' && e.by === 'poll')).toBe(false);
    expect((await waitForNote(database().db, note.id)).status).toBe('done');
  });

  it('is not woken by a notification it did not listen for (the poll is the fallback)', async () => {
    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const account = await signUp(app.api);
    const events: WorkerEvent[] = [];
    const seen = eventWaiter(events);
    const worker = createWorker({
      db: database().db,
      config: app.config,
      pollMs: 50,
      onEvent: (event) => seen.push(event),
    });
    workers.push(worker);
    worker.start();
    await seen.next((e) => e.type === 'idle');
    const from = events.length;
    const note = await upload(app, account);
    await seen.next((e) => e.type === 'claimed', from);
    const woken = events.slice(from).filter((e) => e.type === 'woken');
    expect(woken.at(-1)).toEqual({ type: 'woken', by: 'poll' });
    expect(woken.some((e) => e.type === 'woken' && e.by === 'signal')).toBe(false);
    expect((await waitForNote(database().db, note.id)).status).toBe('done');
  });
});

describe('slots', () => {
  it("summarises a note while another note's transcription holds the transcription slot", async () => {
    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const account = await signUp(app.api);
    const events: WorkerEvent[] = [];
    const seen = eventWaiter(events);
    let release = () => {};
    peer.configure({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const worker = createWorker({
      db: database().db,
      config: app.config,
      pollMs: 20,
      concurrency: 1,
      summaryConcurrency: 1,
      onEvent: (event) => seen.push(event),
    });
    workers.push(worker);
    worker.start();

    // A transcribes, its chunk held at the engine: A keeps the one transcription slot.
    const a = await upload(app, account);
    await seen.next((e) => e.type === 'stage' && e.noteId === a.id && e.stage === 'transcribe');

    // B is past its transcription (as if another worker had transcribed it): summary is next.
    const b = await upload(app, account);
    await database()
      .db.update(jobs)
      .set({
        stage: 'summarise',
        checkpoint: {
          segments: [{ start: 0, end: 4, speaker: 'S1', text: 'Wir beschließen das Budget.' }],
          speakerLabels: false,
        },
      })
      .where(eq(jobs.noteId, b.id));

    const doneB = await waitForNote(database().db, b.id);
    expect(doneB.status).toBe('done');
    const [stillA] = await database().db.select().from(notes).where(eq(notes.id, a.id));
    expect(stillA?.status).toBe('transcribing');
    expect(events.some((e) => e.type === 'done' && e.noteId === a.id)).toBe(false);

    release();
    expect((await waitForNote(database().db, a.id)).status).toBe('done');
  });
});
