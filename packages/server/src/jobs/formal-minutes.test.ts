// Formal minutes through the real pipeline (docs/formal-minutes.md): an upload as a
// Betriebsratssitzung, the OpenAI-compatible peer as the speech engine answering with a written
// session, and as the language model once, with an invented resolution in its answer.
import { endpoints, missingHeadFields, type NoteDetail } from '@protokoll/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import type { Env } from '../config.ts';
import { jobs } from '../db/schema.ts';
import { WORKS_COUNCIL_SESSION } from '../processing/formal-meetings.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import { sentChunkSha256, uploadForm, waitForNote } from './testing.ts';
import { createWorker, type Worker } from './worker.ts';

/** The session as one text: the peer answers a sentence per passage, without speakers. */
const SESSION = WORKS_COUNCIL_SESSION.map((segment) => segment.text).join(' ');
const INVENTED = 'Der Betriebsrat lehnt alle Überstunden im Dezember ab.';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
const workers: Worker[] = [];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer({ latencyMs: 0 })]);
  peer.registerTranscript(await sentChunkSha256(fixtures.german.mp3), SESSION);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  await database()
    .db.delete(jobs)
    .where(inArray(jobs.state, ['queued', 'running']));
  peer.reset();
  peer.configure({ inventedDecisions: undefined });
});
afterAll(async () => {
  await peer?.close();
});

async function processed(env: Env, fields: Record<string, string>) {
  const app: AccountsApp = await accountsApp(database(), { STT_BASE_URL: peer.url, ...env });
  const worker = createWorker({
    db: database().db,
    config: app.config,
    pollMs: 20,
    maxAttempts: 2,
    retryBackoffMs: 20,
  });
  workers.push(worker);
  const anna: SignedUp = await signUp(app.api);
  const res = await app.api.call(endpoints.uploadNote, {
    token: anna.token,
    body: await uploadForm(fixtures.german.mp3, { structure: 'works_council', ...fields }),
  });
  expect(res.status).toBe(200);
  worker.start();
  const id = res.body.note!.id;
  expect(await waitForNote(database().db, id)).toMatchObject({ status: 'done' });
  const detail = await app.api.call(endpoints.getNote, { token: anna.token, params: { id } });
  lastApp = { app, token: anna.token };
  return detail.body.note as NoteDetail;
}
let lastApp: { app: AccountsApp; token: string } | undefined;

describe('a Betriebsratssitzung through the pipeline', () => {
  it('the built-in summariser fills the head that was said, flags the rest, and cites every resolution', async () => {
    const note = await processed({}, {});
    const summary = note.summary!;
    expect(summary).toMatchObject({ generator: 'extractive', structure: 'works_council' });
    const { head, items } = summary.formal!;
    expect(head).toMatchObject({
      body: 'Betriebsrat Werk Nord',
      start_time: '14:05',
      end_time: '15:20',
      place: 'Besprechungsraum 2',
      keeper: 'Petra Schmidt',
      excused: ['Herr Yilmaz'],
      quorum: true,
    });
    // The engine named no speakers: who led and who was there was not said, so it is missing.
    expect(missingHeadFields('works_council', head)).toEqual(['date', 'chair', 'present']);
    expect(items.map((item) => item.title)).toEqual([
      'Überstunden im Lager',
      'Versetzung von Herrn Klein in die Logistik',
      'Sommerfest',
    ]);
    expect(items[0]!.resolutions[0]).toMatchObject({
      vote: { yes: 7, no: 0, abstain: 2 },
      result: 'accepted',
    });
    expect(items[1]!.resolutions[0]).toMatchObject({ vote: { unanimous: true } });
    // Every citation names a passage of the stored transcript.
    for (const resolution of items.flatMap((item) => item.resolutions)) {
      expect(resolution.citations.length).toBeGreaterThan(0);
      for (const citation of resolution.citations) {
        const passage = note.segments[citation.segment]!;
        expect(citation.start).toBeGreaterThanOrEqual(passage.start - 0.1);
        expect(citation.start).toBeLessThanOrEqual(passage.end);
      }
    }
    // Search and the lists read the same resolutions.
    expect(summary.decisions).toHaveLength(2);
  });

  it('takes the head filled in by hand through the summary edit call, each changed field marked', async () => {
    const note = await processed({}, {});
    const { app, token } = lastApp!;
    const head = note.summary!.formal!.head;
    const res = await app.api.call(endpoints.editSummary, {
      token,
      params: { id: note.id },
      body: {
        base_version: note.summary_edit_version ?? 0,
        change: {
          type: 'head',
          head: {
            body: head.body ?? '',
            date: '2026-11-12',
            start_time: head.start_time ?? '',
            end_time: head.end_time ?? '',
            place: head.place ?? '',
            chair: 'Andrea Keller',
            keeper: head.keeper ?? '',
            present: ['Andrea Keller', 'Jonas Berg'],
            excused: head.excused,
            guests: head.guests,
            quorum: true,
          },
        },
      },
    });
    const edited = res.body.note.summary!.formal!.head;
    expect(edited).toMatchObject({ date: '2026-11-12', chair: 'Andrea Keller' });
    expect(edited.edited).toEqual(['date', 'chair', 'present']);
    expect(missingHeadFields('works_council', edited)).toEqual([]);
  });

  it('follows an agenda given at upload, and refuses one too long with a field error', async () => {
    const note = await processed(
      {},
      {
        agenda:
          'TOP 1: Genehmigung der Tagesordnung\n2. Überstunden im Lager\n3. Versetzung Herr Klein',
      },
    );
    const { formal } = note.summary!;
    expect(formal!.agenda_given).toBe(true);
    expect(formal!.items.map((item) => item.title)).toEqual([
      'Genehmigung der Tagesordnung',
      'Überstunden im Lager',
      'Versetzung Herr Klein',
      'Verschiedenes',
    ]);
    expect(formal!.items[1]!.resolutions[0]!.vote).toEqual({ yes: 7, no: 0, abstain: 2 });

    const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
    const bob = await signUp(app.api);
    const tooLong = await app.api.unchecked(endpoints.uploadNote, {
      token: bob.token,
      body: await uploadForm(fixtures.german.mp3, {
        structure: 'works_council',
        agenda: Array.from({ length: 31 }, (_, i) => `Thema ${i + 1}`).join('\n'),
      }),
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.error).toMatchObject({
      issues: [{ path: 'agenda', message: 'validation.tooLong' }],
    });
  });

  it('with a language model, an invented resolution is kept only as "ohne Beleg"', async () => {
    peer.configure({ inventedDecisions: [{ text: INVENTED, start: '00:05' }] });
    const note = await processed(
      { LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' },
      { summary_model: 'gpt-4o-mini' },
    );
    const summary = note.summary!;
    expect(summary.generator).toBe('llm');
    const resolutions = summary.formal!.items.flatMap((item) => item.resolutions);
    const invented = resolutions.find((resolution) => resolution.text === INVENTED);
    expect(invented).toMatchObject({ citations: [] });
    // What was said stays backed.
    expect(resolutions.filter((r) => r.citations.length > 0)).toHaveLength(2);
    expect(summary.decisions.map((d) => d.text)).toContain(INVENTED);
  });
});
