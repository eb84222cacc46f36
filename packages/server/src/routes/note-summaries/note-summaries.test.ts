// Summarising a finished note again and its summary versions, through the app with a real
// worker and the OpenAI-compatible peer as the language model (docs/uploads.md#summarising-again).
import { endpoints, RESUMMARY_PREMIUM_MINUTES, type SummaryChange } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import type { Db } from '../../db/client.ts';
import { jobs, users, type JobRow } from '../../db/schema.ts';
import { ledgerOf } from '../../jobs/testing.ts';
import { createWorker, type Worker } from '../../jobs/worker.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { germanSummary, searchedText, seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let peer: OpenAiPeer;
const workers: Worker[] = [];
const MODELS = 'gpt-4o-mini,gpt-4o:premium';

beforeAll(async () => {
  peer = await startOpenAiPeer({ latencyMs: 0 });
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  await database().db.delete(jobs);
  peer.reset();
  peer.configure({ hold: undefined });
});
afterAll(async () => {
  await peer?.close();
});

function worker(s: AccountsApp, leaseMs?: number): Worker {
  const created = createWorker({
    db: database().db,
    config: s.config,
    pollMs: 20,
    maxAttempts: 2,
    retryBackoffMs: 20,
    ...(leaseMs ? { leaseMs } : {}),
  });
  workers.push(created);
  return created;
}

async function setup() {
  const s = await accountsApp(database(), { LLM_BASE_URL: peer.url, LLM_MODELS: MODELS });
  const anna = await signUp(s.api);
  const note = await seedNote(database().db, anna.user.id, { summaryModel: 'gpt-4o-mini' });
  return { s, anna, note };
}

/** Polls the note's job until it is in one of `states`. */
async function waitForJob(
  db: Db,
  noteId: number,
  states: JobRow['state'][],
  timeoutMs = 20_000,
): Promise<JobRow> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const [job] = await db.select().from(jobs).where(eq(jobs.noteId, noteId));
    if (job && states.includes(job.state)) return job;
    if (Date.now() > end) throw new Error(`job of note ${noteId} still ${job?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function resummarise(
  s: AccountsApp,
  account: SignedUp,
  id: number,
  body: {
    structure?: string;
    summary_language?: string;
    summary_model?: string;
    keep_edits?: boolean;
  } = {},
) {
  return s.api.unchecked(endpoints.resummariseNote, {
    params: { id },
    body: { structure: 'bullets', summary_language: 'en', summary_model: 'gpt-4o-mini', ...body },
    token: account.token,
  });
}

const chats = () => peer.requests.filter((r) => r.endpoint === 'chat');
const detail = async (s: AccountsApp, account: SignedUp, id: number) =>
  (await s.api.call(endpoints.getNote, { params: { id }, token: account.token })).body.note;

describe('summarising again', () => {
  it('writes a new summary from the stored transcript, keeps the old one as a version, charges nothing', async () => {
    const { s, anna, note } = await setup();
    const res = await resummarise(s, anna, note.id);
    expect(res.status).toBe(200);
    const queued = (res.body as { note: Awaited<ReturnType<typeof detail>> }).note;
    // The old summary stays readable while the new one is written.
    expect(queued.status).toBe('done');
    expect(queued.summary?.title).toBe(germanSummary.title);
    expect(queued.resummary).toMatchObject({
      state: 'queued',
      structure: 'bullets',
      summary_language: 'en',
      summary_model: 'gpt-4o-mini',
      minutes: 0,
      error: null,
    });

    worker(s).start();
    await waitForJob(database().db, note.id, ['done', 'failed']);
    const after = await detail(s, anna, note.id);
    expect(after).toMatchObject({
      status: 'done',
      structure: 'bullets',
      summary_language: 'en',
      summary_model: 'gpt-4o-mini',
      minutes_charged: 1,
      resummary: null,
    });
    expect(after.summary).toMatchObject({ generator: 'llm', structure: 'bullets', language: 'en' });
    // From the transcript as stored: the peer saw its passages, nothing was transcribed.
    expect(chats()).toHaveLength(1);
    expect(JSON.stringify(chats()[0]!.body)).toContain('Quartalsabschluss');
    expect(peer.requests.filter((r) => r.endpoint === 'transcriptions')).toHaveLength(0);
    expect(await ledgerOf(database().db, note.id)).toEqual([]);

    const versions = await s.api.call(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(versions.status).toBe(200);
    expect(
      versions.body.versions.map(({ version, current, structure, language, generator }) => ({
        version,
        current,
        structure,
        language,
        generator,
      })),
    ).toEqual([
      { version: 2, current: true, structure: 'bullets', language: 'en', generator: 'llm' },
      { version: 1, current: false, structure: 'minutes', language: 'de', generator: 'extractive' },
    ]);
    expect(versions.body.versions[1]!.summary).toEqual(germanSummary);
    const md = await s.api.call(endpoints.downloadNote, {
      params: { id: note.id, format: 'md' },
      token: anna.token,
    });
    expect(Buffer.from(md.body.data, 'base64').toString()).toContain(after.summary!.title);

    // Restoring version 1: the note, its search text and its exports follow it.
    const restored = await s.api.call(endpoints.restoreNoteSummary, {
      params: { id: note.id, version: 1 },
      token: anna.token,
    });
    expect(restored.status).toBe(200);
    expect(restored.body.note).toMatchObject({
      summary: germanSummary,
      structure: 'minutes',
      summary_language: 'de',
      summary_model: 'gpt-4o-mini',
    });
    const searched = await searchedText(database().db, note.id);
    expect(searched).toContain('Freigabe für Straßenbau');
    expect(searched).not.toContain(after.summary!.overview);
    const again = await s.api.call(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(again.body.versions.map((v) => [v.version, v.current])).toEqual([
      [2, false],
      [1, true],
    ]);
    const mdRestored = await s.api.call(endpoints.downloadNote, {
      params: { id: note.id, format: 'md' },
      token: anna.token,
    });
    const text = Buffer.from(mdRestored.body.data, 'base64').toString();
    expect(text).toContain(germanSummary.overview);
    expect(text).not.toContain(after.summary!.overview);
  });

  it('keeps the hand edits where asked (keep_edits), and drops them where not', async () => {
    const { s, anna, note } = await setup();
    const edit = (base_version: number, change: SummaryChange) =>
      s.api.call(endpoints.editSummary, {
        params: { id: note.id },
        body: { base_version, change },
        token: anna.token,
      });
    await edit(0, { type: 'overview', text: 'Von Hand geschrieben.' });
    await edit(1, {
      type: 'add',
      index: 1,
      item: { list: 'action_items', task: 'Bauamt anrufen', owner: 'Erika' },
    });
    const edited = (await edit(2, { type: 'done', index: 0, done: true })).body.note;
    expect(edited.summary_edit_version).toBe(3);

    expect((await resummarise(s, anna, note.id, { keep_edits: true })).status).toBe(200);
    worker(s).start();
    await waitForJob(database().db, note.id, ['done', 'failed']);
    const kept = await detail(s, anna, note.id);
    expect(kept.summary).toMatchObject({ generator: 'llm', structure: 'bullets' });
    expect(kept.summary!.overview).toBe('Von Hand geschrieben.');
    expect(kept.summary!.overview_edited).toBe(true);
    expect(kept.summary!.action_items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ task: 'Protokoll verschicken', done: true }),
        expect.objectContaining({ task: 'Bauamt anrufen', owner: 'Erika', added: true }),
      ]),
    );
    // The re-summary changed the summary: a tab still showing the edited one is refused.
    expect(kept.summary_edit_version).toBe(4);
    const stale = await s.api.unchecked(endpoints.editSummary, {
      params: { id: note.id },
      body: { base_version: 3, change: { type: 'overview', text: 'Alt' } },
      token: anna.token,
    });
    expect(stale.status).toBe(409);
    // The edited summary before it stays as version 1, with its edits.
    const versions = await s.api.call(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(versions.body.versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions.body.versions[1]!.summary).toEqual(edited.summary);

    // Without keep_edits the new summary is the model's alone.
    expect((await resummarise(s, anna, note.id)).status).toBe(200);
    await waitForJob(database().db, note.id, ['done', 'failed']);
    const dropped = await detail(s, anna, note.id);
    expect(dropped.summary!.overview).not.toBe('Von Hand geschrieben.');
    expect(JSON.stringify(dropped.summary)).not.toContain('Bauamt anrufen');
  });

  it('charges a premium model its fixed minutes once it succeeds, and refuses it on a plan without', async () => {
    const { s, anna, note } = await setup();
    const refused = await resummarise(s, anna, note.id, { summary_model: 'gpt-4o' });
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'premiumRequired' });

    await database().db.update(users).set({ planId: 'pro' }).where(eq(users.id, anna.user.id));
    const before = (await s.api.call(endpoints.getMinutes, { token: anna.token })).body.minutes;
    const res = await resummarise(s, anna, note.id, { summary_model: 'gpt-4o' });
    expect(res.status).toBe(200);
    expect(await ledgerOf(database().db, note.id)).toEqual([
      `reserve:${RESUMMARY_PREMIUM_MINUTES}`,
    ]);
    worker(s).start();
    await waitForJob(database().db, note.id, ['done', 'failed']);
    expect(await ledgerOf(database().db, note.id)).toEqual([
      `reserve:${RESUMMARY_PREMIUM_MINUTES}`,
      `charge:${RESUMMARY_PREMIUM_MINUTES}`,
    ]);
    const after = (await s.api.call(endpoints.getMinutes, { token: anna.token })).body.minutes;
    expect(after.used - before.used).toBe(RESUMMARY_PREMIUM_MINUTES);
    expect((chats()[0]!.body as { model: string }).model).toBe('gpt-4o');
    expect(await detail(s, anna, note.id)).toMatchObject({
      summary_model: 'gpt-4o',
      minutes_charged: 1 + RESUMMARY_PREMIUM_MINUTES,
    });
  });

  it('leaves the note and its summary as they were when the summary cannot be written, and refunds', async () => {
    const { s, anna, note } = await setup();
    await database().db.update(users).set({ planId: 'pro' }).where(eq(users.id, anna.user.id));
    peer.fail({ status: 400, endpoint: 'chat' });
    expect((await resummarise(s, anna, note.id, { summary_model: 'gpt-4o' })).status).toBe(200);
    worker(s).start();
    await waitForJob(database().db, note.id, ['done', 'failed']);
    const after = await detail(s, anna, note.id);
    expect(after).toMatchObject({
      status: 'done',
      error: null,
      structure: 'minutes',
      summary_model: 'gpt-4o-mini',
      summary: germanSummary,
      resummary: { state: 'failed', error: 'processing.engine.rejected', summary_model: 'gpt-4o' },
    });
    expect(await ledgerOf(database().db, note.id)).toEqual([
      `reserve:${RESUMMARY_PREMIUM_MINUTES}`,
      `refund:${RESUMMARY_PREMIUM_MINUTES}`,
    ]);
    // A failed one does not stand in the way of the next.
    peer.reset();
    expect((await resummarise(s, anna, note.id)).status).toBe(200);
    await waitForJob(database().db, note.id, ['done']);
    expect((await detail(s, anna, note.id)).resummary).toBeNull();
  });

  it('survives its worker: a worker that died mid-summary leaves it to the next', async () => {
    const { s, anna, note } = await setup();
    let release = () => {};
    peer.configure({ hold: new Promise<void>((resolve) => (release = resolve)) });
    expect((await resummarise(s, anna, note.id)).status).toBe(200);
    const first = worker(s, 300);
    first.start();
    const end = Date.now() + 20_000;
    while (chats().length === 0 && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(chats()).toHaveLength(1);
    await first.abandon();
    peer.configure({ hold: undefined });
    release();
    worker(s, 300).start();
    await waitForJob(database().db, note.id, ['done']);
    const versions = await s.api.call(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: anna.token,
    });
    expect(versions.body.versions.map((v) => [v.version, v.current])).toEqual([
      [2, true],
      [1, false],
    ]);
  });

  it('refuses what it cannot do: invalid fields, a model not on offer, a busy or unfinished note', async () => {
    const { s, anna, note } = await setup();
    const invalid = await resummarise(s, anna, note.id, { structure: 'poem' });
    expect(invalid.status).toBe(422);
    const unknown = await resummarise(s, anna, note.id, { summary_model: 'gpt-9' });
    expect(unknown.status).toBe(422);
    expect(unknown.error).toMatchObject({
      issues: [{ path: 'summary_model', message: 'validation.invalidValue' }],
    });
    const language = await resummarise(s, anna, note.id, { summary_language: 'xx' });
    expect(language.status).toBe(422);

    expect((await resummarise(s, anna, note.id)).status).toBe(200);
    const busy = await resummarise(s, anna, note.id);
    expect(busy.status).toBe(409);
    expect(busy.error.message).toMatch(/bereits|already/);

    const processing = await seedNote(database().db, anna.user.id, {
      status: 'transcribing',
      summary: null,
    });
    expect((await resummarise(s, anna, processing.id)).status).toBe(409);
    const noTranscript = await seedNote(database().db, anna.user.id, { segments: [] });
    expect((await resummarise(s, anna, noTranscript.id)).status).toBe(409);
  });

  it('answers 404 for another person’s note and 401 without a session', async () => {
    const { s, note } = await setup();
    const bob = await signUp(s.api);
    expect((await resummarise(s, bob, note.id)).status).toBe(404);
    const list = await s.api.unchecked(endpoints.listNoteSummaries, {
      params: { id: note.id },
      token: bob.token,
    });
    expect(list.status).toBe(404);
    const restore = await s.api.unchecked(endpoints.restoreNoteSummary, {
      params: { id: note.id, version: 1 },
      token: bob.token,
    });
    expect(restore.status).toBe(404);
    const anonymous = await s.api.unchecked(endpoints.listNoteSummaries, {
      params: { id: note.id },
    });
    expect(anonymous.status).toBe(401);
    const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toBeUndefined();
  });

  it('answers 404 for a version the note does not have', async () => {
    const { s, anna, note } = await setup();
    const res = await s.api.unchecked(endpoints.restoreNoteSummary, {
      params: { id: note.id, version: 7 },
      token: anna.token,
    });
    expect(res.status).toBe(404);
  });
});
