// The worker end to end: real uploads through the app, real audio, the OpenAI-compatible peer
// over HTTP, and the ledger checked row by row. Every failure settles the reserved minutes
// exactly once: charged on success, refunded otherwise.
import { createServer } from 'node:net';
import { join } from 'node:path';
import { peaksKey } from '../processing/peaks.ts';
import { endpoints, type Note } from '@protokoll/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  audioFixtures,
  ENGLISH_TEXT,
  GERMAN_TEXT,
  type AudioFixtures,
} from '../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import type { Env } from '../config.ts';
import { jobs, minutesLedger, noteSummaries, notes, users } from '../db/schema.ts';
import { monthPeriod } from '../domain/minutes.ts';
import { planById } from '../domain/plans.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import {
  filesIn,
  ledgerOf,
  sentChunkSha256,
  uploadForm,
  waitForNote,
  type UploadFields,
} from './testing.ts';
import { retryDelayMs } from './settle.ts';
import { searchedText } from '../test/notes.ts';
import { longMeeting, SILENT_WINDOW } from '../processing/fixtures/long-meeting.ts';
import { renderTranscript } from '../processing/summarise.ts';
import {
  createWorker,
  DEFAULT_UNREACHABLE_BACKOFF_MS,
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
  // The peer answers with this text for the prepared German recording (what the worker sends).
  peer.registerTranscript(await sentChunkSha256(fixtures.german.mp3), GERMAN_TEXT);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  // A job a stopped worker handed back would be the next test's worker's first claim (seen on a
  // loaded machine: a foreign retry among the counted ones). Every test starts with none pending.
  await database()
    .db.delete(jobs)
    .where(inArray(jobs.state, ['queued', 'running']));
  peer.reset();
  peer.configure({ transcription: {} });
});
afterAll(async () => {
  await peer?.close();
});

interface Setup extends AccountsApp {
  worker: Worker;
  events: WorkerEvent[];
}

/** An app with the peer as its engine and a fast-retrying worker on the same database. */
async function setup(env: Env = {}, options: Partial<WorkerOptions> = {}): Promise<Setup> {
  const app = await accountsApp(database(), { STT_BASE_URL: peer.url, ...env });
  const events: WorkerEvent[] = [];
  const worker = createWorker({
    db: database().db,
    config: app.config,
    pollMs: 20,
    maxAttempts: 2,
    retryBackoffMs: 20,
    unreachableBackoffMs: 20,
    pipeline: { chunkRetries: 1, chunkBackoffMs: 10 },
    onEvent: (event) => events.push(event),
    ...options,
  });
  workers.push(worker);
  return { ...app, worker, events };
}

async function upload(
  s: Setup,
  account: SignedUp,
  fields: UploadFields = {},
  file?: string,
): Promise<Note> {
  const res = await s.api.call(endpoints.uploadNote, {
    token: account.token,
    body: await uploadForm(file ?? fixtures.german.mp3, fields),
  });
  expect(res.status).toBe(200);
  return res.body.note!;
}

async function minutesOf(s: Setup, account: SignedUp) {
  const res = await s.api.call(endpoints.getMinutes, { token: account.token });
  return res.body.minutes;
}

async function detail(s: Setup, account: SignedUp, id: number) {
  const res = await s.api.call(endpoints.getNote, { params: { id }, token: account.token });
  expect(res.status).toBe(200);
  return res.body.note;
}

const transcriptions = () => peer.requests.filter((r) => r.endpoint === 'transcriptions');
const chats = () => peer.requests.filter((r) => r.endpoint === 'chat');

/** A port nothing listens on: connections are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('worker', () => {
  it('turns an upload into a note: transcript, summary, stages shown, minutes charged once', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    const note = await upload(s, anna);
    // Reserved while waiting and running.
    expect(await minutesOf(s, anna)).toMatchObject({ used: 0, running: 1, remaining: 29 });
    s.worker.start();
    const done = await waitForNote(database().db, note.id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null, minutesCharged: 1 });

    const reader = await detail(s, anna, note.id);
    expect(reader.segments.map((segment) => segment.text)).toEqual([
      'Guten Morgen zusammen.',
      'Wir haben beschlossen, das Budget zu erhöhen.',
      'Anna kümmert sich bis Freitag um den Bericht.',
    ]);
    expect(reader.segments.every((segment) => segment.speaker === 'S1')).toBe(true);
    expect(reader.summary?.generator).toBe('extractive');
    expect(reader.summary?.decisions.map((d) => d.text)).toEqual([
      'Wir haben beschlossen, das Budget zu erhöhen.',
    ]);
    expect(reader.summary?.action_items[0]).toMatchObject({ owner: 'Anna', due: 'Freitag' });
    expect(await searchedText(database().db, note.id)).toContain('Budget');
    // The summary of processing is the note's version 1 (docs/uploads.md#summary-versions).
    const versions = await database()
      .db.select()
      .from(noteSummaries)
      .where(eq(noteSummaries.noteId, note.id));
    expect(versions.map((v) => [v.version, v.generator, v.model])).toEqual([
      [1, 'extractive', 'extractive'],
    ]);
    expect(done.summaryVersion).toBe(1);

    // Stages in order, progress never going back.
    const shown = s.events.flatMap((e) => (e.type === 'progress' ? [e] : []));
    expect([...new Set(shown.map((e) => e.status))]).toEqual(['transcribing', 'summarizing']);
    const percents = shown.map((e) => e.progress);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));

    // The engine got the prepared audio once, with the options the note asked for.
    expect(transcriptions()).toHaveLength(1);
    expect(transcriptions()[0]!.fields).toMatchObject({
      model: 'whisper-1',
      response_format: 'verbose_json',
      language: 'de',
    });
    expect(transcriptions()[0]!.file?.mimeType).toBe('audio/flac');

    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);
    expect(await minutesOf(s, anna)).toMatchObject({ used: 1, running: 0, remaining: 29 });
    const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toMatchObject({ state: 'done', lockedBy: null, checkpoint: {} });
    // Intermediate files are gone; the recording stays for playback, with the level overview
    // the player draws, measured while the note was processed (docs/uploads.md#level-overview).
    expect(await filesIn(workDirOf(s.dataDir, note.id))).toEqual([]);
    expect(await filesIn(join(s.dataDir, 'audio'))).toEqual([
      done.audioKey,
      peaksKey(done.audioKey!),
    ]);
  });

  it('retries a chunk the engine answered with 500, then charges once', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    peer.fail({ status: 500, times: 1, endpoint: 'transcriptions' });
    const note = await upload(s, anna);
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    expect(transcriptions().map((r) => r.status)).toEqual([500, 200]);
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'charge:1']);
  });

  it('retries an unreachable engine, then fails with the reason and refunds', async () => {
    const s = await setup({ STT_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1` });
    const anna = await signUp(s.api);
    const note = await upload(s, anna);
    s.worker.start();
    const failed = await waitForNote(database().db, note.id);
    expect(failed).toMatchObject({
      status: 'error',
      error: 'processing.engine.unreachable',
      minutesCharged: 0,
    });
    // One job-level retry (maxAttempts 2), each attempt retrying the chunk once.
    expect(s.events.filter((e) => e.type === 'retry')).toHaveLength(1);
    const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toMatchObject({ state: 'failed', attempts: 2, stage: 'transcribe' });
    expect(job!.lastError).toContain('unreachable');
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);
    expect(await minutesOf(s, anna)).toMatchObject({ used: 0, running: 0, remaining: 30 });
  });

  it('explains the wait while the engine is unreachable: attempt, next attempt time and reason', async () => {
    const s = await setup(
      { STT_BASE_URL: `http://127.0.0.1:${await closedPort()}/v1`, JOB_MAX_ATTEMPTS: '5' },
      { maxAttempts: undefined, unreachableBackoffMs: undefined },
    );
    const anna = await signUp(s.api);
    const note = await upload(s, anna);
    // Nothing failed yet: nothing to explain.
    expect((await detail(s, anna, note.id)).retry).toBeNull();
    const before = Date.now();
    s.worker.start();
    await vi.waitFor(() => expect(s.events.some((e) => e.type === 'retry')).toBe(true), {
      timeout: 10_000,
    });
    await s.worker.stop({ graceMs: 0 });
    // The first wait is seconds, not half a minute (DEFAULT_UNREACHABLE_BACKOFF_MS).
    const [delay] = s.events.flatMap((e) => (e.type === 'retry' ? [e.delayMs] : []));
    expect(delay).toBe(DEFAULT_UNREACHABLE_BACKOFF_MS);
    const waiting = await detail(s, anna, note.id);
    expect(waiting.retry).toMatchObject({
      attempt: 2,
      max_attempts: 5,
      last_error: 'processing.engine.unreachable',
    });
    const due = Date.parse(waiting.retry!.next_attempt_at);
    expect(due).toBeGreaterThanOrEqual(before + DEFAULT_UNREACHABLE_BACKOFF_MS - 1_000);
    expect(due).toBeLessThanOrEqual(Date.now() + DEFAULT_UNREACHABLE_BACKOFF_MS + 1_000);
  });

  it('asks an unreachable engine again after seconds, growing; other failures double from their own wait', () => {
    const rt = { retryBackoffMs: 30_000, unreachableBackoffMs: 5_000, maxRetryBackoffMs: 600_000 };
    const unreachable = { key: 'processing.engine.unreachable' };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(rt, unreachable, n))).toEqual([
      5_000, 20_000, 80_000, 320_000,
    ]);
    const server = { key: 'processing.engine.server' };
    expect([1, 2, 3].map((n) => retryDelayMs(rt, server, n))).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(rt, { ...unreachable, retryAfterMs: 9_000 }, 1)).toBe(9_000);
    expect(retryDelayMs(rt, unreachable, 9)).toBe(600_000);
  });

  it('refunds when the engine always fails; a retry after it recovers charges once', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    peer.fail({ status: 500, endpoint: 'transcriptions' });
    const note = await upload(s, anna);
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({
      status: 'error',
      error: 'processing.engine.server',
    });
    // 2 attempts × (1 + 1 chunk retry).
    expect(transcriptions()).toHaveLength(4);
    expect(await minutesOf(s, anna)).toMatchObject({ used: 0, running: 0, remaining: 30 });

    peer.reset();
    const res = await s.api.call(endpoints.retryNote, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.note).toMatchObject({ status: 'queued', error: null });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1', 'reserve:1']);
    expect((await minutesOf(s, anna)).running).toBe(1);

    expect(await waitForNote(database().db, note.id)).toMatchObject({
      status: 'done',
      minutesCharged: 1,
    });
    expect(await ledgerOf(database().db, note.id)).toEqual([
      'reserve:1',
      'refund:1',
      'reserve:1',
      'charge:1',
    ]);
    expect(await minutesOf(s, anna)).toMatchObject({ used: 1, running: 0, remaining: 29 });
  });

  it('takes attempts and backoff from JOB_MAX_ATTEMPTS and JOB_RETRY_BACKOFF_MS', async () => {
    const s = await setup(
      { JOB_MAX_ATTEMPTS: '3', JOB_RETRY_BACKOFF_MS: '15' },
      { maxAttempts: undefined, retryBackoffMs: undefined },
    );
    const anna = await signUp(s.api);
    peer.fail({ status: 500, endpoint: 'transcriptions' });
    const note = await upload(s, anna);
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'error' });
    // Doubling from the configured wait: 15 ms, then 30 ms; 3 attempts × (1 + 1 chunk retry).
    const retries = s.events.flatMap((e) =>
      e.type === 'retry' && e.noteId === note.id ? [e.delayMs] : [],
    );
    expect(retries).toEqual([15, 30]);
    expect(transcriptions()).toHaveLength(6);
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);
  });

  it('fails at once on a permanent engine answer (401), without retrying', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    peer.fail({ status: 401, times: 1, endpoint: 'transcriptions' });
    const note = await upload(s, anna);
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({
      status: 'error',
      error: 'processing.engine.unauthorized',
    });
    expect(transcriptions()).toHaveLength(1);
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);
  });

  it('retries an invalid LLM answer once and then succeeds', async () => {
    const s = await setup({ LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' });
    const anna = await signUp(s.api);
    peer.chatInvalid(1, 'json');
    const note = await upload(s, anna, { summary_model: 'gpt-4o-mini' });
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    expect(chats()).toHaveLength(2);
    expect((chats()[0]!.body as { model: string }).model).toBe('gpt-4o-mini');
    const reader = await detail(s, anna, note.id);
    expect(reader.summary?.generator).toBe('llm');
    expect(reader.summary?.decisions[0]?.text).toContain('beschlossen');
  });

  it('fails on a second invalid LLM answer, keeps the transcript, and a retry reruns only the summary', async () => {
    const s = await setup({ LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' });
    const anna = await signUp(s.api);
    peer.chatInvalid(2, 'schema');
    const note = await upload(s, anna, { summary_model: 'gpt-4o-mini' });
    s.worker.start();
    const failed = await waitForNote(database().db, note.id);
    expect(failed).toMatchObject({
      status: 'error',
      error: 'processing.engine.invalidAnswer',
      summary: null,
    });
    expect(failed.segments).toHaveLength(3);
    expect(await searchedText(database().db, note.id)).toContain('Budget');
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1', 'refund:1']);

    peer.reset();
    const res = await s.api.call(endpoints.retryNote, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    expect(transcriptions()).toHaveLength(0);
    expect(chats()).toHaveLength(1);
    expect(await ledgerOf(database().db, note.id)).toEqual([
      'reserve:1',
      'refund:1',
      'reserve:1',
      'charge:1',
    ]);
  });

  it('summarises a three-hour transcript again with a small context: every window sent, each in the summary', async () => {
    const contextChars = 6000;
    const s = await setup({
      LLM_BASE_URL: peer.url,
      LLM_MODELS: 'gpt-4o-mini',
      LLM_CONTEXT_CHARS: String(contextChars),
    });
    const anna = await signUp(s.api);
    peer.chatInvalid(2, 'schema');
    const note = await upload(s, anna, { summary_model: 'gpt-4o-mini' });
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'error' });
    // The summary is asked again of a three-hour transcript (the checkpoint's, as a retry after a
    // failed summary reads it), from a model that refuses anything beyond its context.
    const transcript = longMeeting();
    await database()
      .db.update(jobs)
      .set({
        checkpoint: sql`jsonb_set(${jobs.checkpoint}, '{segments}', ${JSON.stringify(transcript)}::jsonb)`,
      })
      .where(eq(jobs.noteId, note.id));
    peer.reset();
    peer.configure({ contextChars });
    const res = await s.api.call(endpoints.retryNote, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(res.status).toBe(200);
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    expect(transcriptions()).toHaveLength(0);
    expect(chats().map((request) => request.status)).toEqual(chats().map(() => 200));
    expect(chats().length).toBeGreaterThan(17);
    // Every passage's line went to the model, once, in order.
    const lines = chats()
      .flatMap(
        (request) => (request.body as { messages: { role: string; content: string }[] }).messages,
      )
      .filter((message) => message.role === 'user')
      .flatMap((message) => message.content.split('\n'))
      .filter((line) => /^\[\d+:\d{2}\]/.test(line));
    expect(lines).toEqual(transcript.map((segment) => renderTranscript([segment])));
    const done = await detail(s, anna, note.id);
    expect(done.segments).toHaveLength(transcript.length);
    expect(done.summary?.windows?.map((window) => window.status)).toEqual(
      Array.from({ length: 18 }, (_, k) => (k === SILENT_WINDOW ? 'empty' : 'summarised')),
    );
  });

  it('retries only the owner’s failed notes, and only with minutes to spare', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    const ben = await signUp(s.api);
    peer.fail({ status: 401, times: 1, endpoint: 'transcriptions' });
    const failing = await upload(s, anna);
    s.worker.start();
    await waitForNote(database().db, failing.id);

    const other = await s.api.call(endpoints.retryNote, {
      params: { id: failing.id },
      token: ben.token,
    });
    expect(other.status).toBe(404);
    const missing = await s.api.call(endpoints.retryNote, {
      params: { id: 999999 },
      token: anna.token,
    });
    expect(missing.status).toBe(404);

    const finished = await upload(s, anna);
    await waitForNote(database().db, finished.id);
    const notFailed = await s.api.call(endpoints.retryNote, {
      params: { id: finished.id },
      token: anna.token,
    });
    expect(notFailed.status).toBe(409);
    expect(notFailed.error).toMatchObject({
      code: 'invalidInput',
      message:
        'Nur Notizen, deren Verarbeitung fehlgeschlagen ist, können erneut verarbeitet werden.',
    });

    // Everything else spent: the refunded minute cannot be reserved again.
    const rest = {
      userId: anna.user.id,
      minutes: 29,
      period: monthPeriod(new Date()),
      reason: 'x',
    };
    await database()
      .db.insert(minutesLedger)
      .values([
        { ...rest, kind: 'reserve' },
        { ...rest, kind: 'charge' },
      ]);
    const broke = await s.api.call(endpoints.retryNote, {
      params: { id: failing.id },
      token: anna.token,
    });
    expect(broke.status).toBe(402);
    expect(broke.error).toMatchObject({ code: 'insufficientMinutes' });
    expect(await ledgerOf(database().db, failing.id)).toEqual(['reserve:1', 'refund:1']);
    const [note] = await database().db.select().from(notes).where(eq(notes.id, failing.id));
    expect(note?.status).toBe('error');
  });

  it('keeps only the summary when transcribe is false, and cleans the transcript when asked', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    s.worker.start();
    const summaryOnly = await upload(s, anna, { transcribe: 'false' });
    const done = await waitForNote(database().db, summaryOnly.id);
    expect(done.segments).toEqual([]);
    expect(done.summary).not.toBeNull();

    // Fillers the engine wrote down are gone from a clean transcript.
    peer.registerTranscript(
      await sentChunkSha256(fixtures.german.ogg),
      'Also, äh, wir haben beschlossen, ähm, das Budget zu erhöhen.',
    );
    const cleaned = await upload(s, anna, { transcript_type: 'clean' }, fixtures.german.ogg);
    const note = await waitForNote(database().db, cleaned.id);
    const [text] = note.segments.map((segment) => segment.text);
    expect(text).toMatch(/^Wir haben beschlossen,? das Budget zu erhöhen\.$/);
  });

  it('takes invented credits out of the transcript and lists them with the note', async () => {
    const s = await setup({ LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' });
    const anna = await signUp(s.api);
    // What a Whisper-family engine writes on the silence after the meeting.
    peer.registerTranscript(
      await sentChunkSha256(fixtures.german.flac),
      `${GERMAN_TEXT} Vielen Dank fürs Zuschauen! Untertitelung des ZDF, 2020.`,
    );
    const note = await upload(s, anna, { summary_model: 'gpt-4o-mini' }, fixtures.german.flac);
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    const done = await detail(s, anna, note.id);
    expect(done.segments.map((segment) => segment.text)).toEqual([
      'Guten Morgen zusammen.',
      'Wir haben beschlossen, das Budget zu erhöhen.',
      'Anna kümmert sich bis Freitag um den Bericht.',
    ]);
    expect(done.removed_segments).toEqual([
      expect.objectContaining({ text: 'Vielen Dank fürs Zuschauen!', reason: 'credit' }),
      expect.objectContaining({ text: 'Untertitelung des ZDF, 2020.', reason: 'credit' }),
    ]);
    const [first, second] = done.removed_segments!;
    expect(first!.start).toBeGreaterThan(done.segments.at(-1)!.start);
    expect(second!.start).toBeGreaterThanOrEqual(first!.end);
    // A recording under ten minutes is one window, and it is in the summary.
    expect(done.summary?.windows).toEqual([
      { start: 0, end: expect.closeTo(done.duration_seconds!, 0), status: 'summarised' },
    ]);
    // The language model never saw them.
    const prompt = JSON.stringify(chats().map((request) => request.body));
    expect(prompt).toContain('Anna kümmert sich');
    expect(prompt).not.toContain('Zuschauen');
    expect(prompt).not.toContain('Untertitelung');
  });

  it('keeps the engine’s speaker labels on every plan by default, not on one configured without', async () => {
    const s = await setup();
    peer.configure({ transcription: { speakers: 2 } });
    const free = await signUp(s.api);
    const starter = await signUp(s.api);
    await database()
      .db.update(users)
      .set({ planId: 'starter' })
      .where(eq(users.id, starter.user.id));
    await database()
      .db.insert(minutesLedger)
      .values({
        userId: starter.user.id,
        kind: 'grant',
        minutes: 300,
        period: monthPeriod(new Date()),
        reason: 'plan:starter',
      });
    // The catalogue keeps speaker labels configurable: Starter is set without them here.
    const starterPlan = planById('starter');
    starterPlan.speakerDetection = false;
    try {
      s.worker.start();
      const freeNote = await waitForNote(database().db, (await upload(s, free)).id);
      const oneSpeaker = await waitForNote(
        database().db,
        (await upload(s, free, { speakers: '1' })).id,
      );
      const starterNote = await waitForNote(database().db, (await upload(s, starter)).id);
      expect(freeNote.segments.map((segment) => segment.speaker)).toEqual(['S1', 'S2', 'S1']);
      // The upload said there is one speaker: whatever the engine guessed, it is one.
      expect(new Set(oneSpeaker.segments.map((segment) => segment.speaker))).toEqual(
        new Set(['S1']),
      );
      expect(new Set(starterNote.segments.map((segment) => segment.speaker))).toEqual(
        new Set(['S1']),
      );
    } finally {
      starterPlan.speakerDetection = true;
    }
  });

  it('writes a built-in summary in the spoken language and says which one was asked for', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    peer.configure({ transcription: { language: 'english' } });
    peer.registerTranscript(await sentChunkSha256(fixtures.english), ENGLISH_TEXT);
    const note = await upload(
      s,
      anna,
      { language: 'auto', summary_language: 'de', structure: 'lecture' },
      fixtures.english,
    );
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    const done = await detail(s, anna, note.id);
    // The built-in summariser cannot translate: the note is English and says German was asked.
    expect(done.summary_language).toBe('en');
    expect(done.summary).toMatchObject({
      generator: 'extractive',
      structure: 'lecture',
      language: 'en',
      requested_language: 'de',
      title: expect.stringMatching(/^Lecture/),
      sections: [expect.objectContaining({ start: 0 })],
    });
  });

  it('keeps the note language asked for when a language model writes the summary', async () => {
    const s = await setup({ LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' });
    const anna = await signUp(s.api);
    peer.configure({ transcription: { language: 'english' } });
    peer.registerTranscript(await sentChunkSha256(fixtures.english), ENGLISH_TEXT);
    const note = await upload(
      s,
      anna,
      {
        language: 'auto',
        summary_language: 'de',
        structure: 'bullets',
        summary_model: 'gpt-4o-mini',
      },
      fixtures.english,
    );
    s.worker.start();
    expect(await waitForNote(database().db, note.id)).toMatchObject({ status: 'done' });
    const done = await detail(s, anna, note.id);
    expect(done.summary_language).toBe('de');
    expect(done.summary).toMatchObject({ generator: 'llm', structure: 'bullets', language: 'de' });
    expect(done.summary?.requested_language).toBeUndefined();
    expect(done.summary?.bullets?.length).toBeGreaterThan(0);
  });
});
