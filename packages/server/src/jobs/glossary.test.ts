// The glossary in processing (docs/product.md#glossary), end to end: an upload into a folder
// with a glossary, the OpenAI-compatible peer as the engine (it records the `prompt` it got), the
// near-misses corrected as revisions, each undone on its own.
import { createGlossaryTerm, endpoints, type Note } from '@protokoll/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import { jobs } from '../db/schema.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../test/accounts.ts';
import { useTestDatabase } from '../test/db.ts';
import { sentChunkSha256, uploadForm, waitForNote } from './testing.ts';
import { createWorker, type Worker } from './worker.ts';

const HEARD =
  'Guten Morgen. Herr Meier hat das Protokol zur D S G V O geschrieben. Danke, Herr Meier.';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
const workers: Worker[] = [];

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer({ latencyMs: 0 })]);
  peer.registerTranscript(await sentChunkSha256(fixtures.german.mp3), HEARD);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop({ graceMs: 0 })));
  await database()
    .db.delete(jobs)
    .where(inArray(jobs.state, ['queued', 'running']));
  peer.reset();
});
afterAll(async () => {
  await peer?.close();
});

async function setup(): Promise<AccountsApp & { worker: Worker }> {
  const app = await accountsApp(database(), { STT_BASE_URL: peer.url });
  const worker = createWorker({
    db: database().db,
    config: app.config,
    pollMs: 20,
    maxAttempts: 2,
    retryBackoffMs: 20,
    unreachableBackoffMs: 20,
    pipeline: { chunkRetries: 1, chunkBackoffMs: 10 },
  });
  workers.push(worker);
  return { ...app, worker };
}

async function upload(s: AccountsApp, account: SignedUp, folderId?: number): Promise<Note> {
  const res = await s.api.call(endpoints.uploadNote, {
    token: account.token,
    body: await uploadForm(
      fixtures.german.mp3,
      folderId === undefined ? {} : { folder_id: String(folderId) },
    ),
  });
  expect(res.status).toBe(200);
  return res.body.note!;
}

const transcriptions = () => peer.requests.filter((r) => r.endpoint === 'transcriptions');

describe('the glossary in processing', () => {
  it('sends the folder’s and the user’s terms as the prompt and corrects the near-misses as revisions', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    const folder = (
      await s.api.call(endpoints.createFolder, { token: anna.token, body: { name: 'Kunden' } })
    ).body.folder!.id;
    const add = (body: Record<string, unknown>) =>
      s.api.call(createGlossaryTerm, {
        token: anna.token,
        body: body as never,
      });
    await add({ term: 'DSGVO', kind: 'abbreviation' });
    await add({ term: 'Maier', kind: 'name' });
    await add({ term: 'Protokoll', kind: 'product', folder_id: folder });

    const note = await upload(s, anna, folder);
    s.worker.start();
    const done = await waitForNote(database().db, note.id);
    expect(done.status).toBe('done');

    // The folder's term first, then the user's, newest first.
    const sent = transcriptions();
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.fields.prompt).toBe('Protokoll, Maier, DSGVO.');

    const detail = await s.api.call(endpoints.getNote, {
      token: anna.token,
      params: { id: note.id },
    });
    const text = detail.body.note.segments.map((segment) => segment.text).join(' ');
    expect(text).toBe(
      'Guten Morgen. Herr Maier hat das Protokoll zur DSGVO geschrieben. Danke, Herr Maier.',
    );
    const marks = detail.body.note.glossary_corrections ?? [];
    expect(marks.map(({ from, to }) => `${from}→${to}`)).toEqual([
      'Meier→Maier',
      'Protokol→Protokoll',
      'D S G V O→DSGVO',
      'Meier→Maier',
    ]);
    // The summary was written from the corrected transcript.
    expect(JSON.stringify(done.summary)).not.toContain('Protokol ');

    const revisions = await s.api.call(endpoints.listTranscriptRevisions, {
      token: anna.token,
      params: { id: note.id },
    });
    expect(revisions.body.revisions.map((revision) => revision.kind)).toEqual([
      'glossary',
      'glossary',
      'glossary',
      'glossary',
    ]);

    // Undo the second correction alone: the others stay.
    const undone = await s.api.call(endpoints.undoTranscript, {
      token: anna.token,
      params: { id: note.id },
      body: {
        base_version: detail.body.note.transcript_version ?? 0,
        revision_id: marks[1]!.revision_id,
      },
    });
    expect(undone.status).toBe(200);
    expect(undone.body.note.segments.map((segment) => segment.text).join(' ')).toBe(
      'Guten Morgen. Herr Maier hat das Protokol zur DSGVO geschrieben. Danke, Herr Maier.',
    );
    expect(undone.body.note.glossary_corrections?.map((mark) => mark.from)).toEqual([
      'Meier',
      'D S G V O',
      'Meier',
    ]);
    // Once undone, it cannot be undone again.
    const again = await s.api.call(endpoints.undoTranscript, {
      token: anna.token,
      params: { id: note.id },
      body: {
        base_version: undone.body.note.transcript_version!,
        revision_id: marks[1]!.revision_id,
      },
    });
    expect(again.status).toBe(409);
    // Another user cannot undo Anna's corrections.
    const bob = await signUp(s.api);
    const foreign = await s.api.call(endpoints.undoTranscript, {
      token: bob.token,
      params: { id: note.id },
      body: {
        base_version: undone.body.note.transcript_version!,
        revision_id: marks[0]!.revision_id,
      },
    });
    expect(foreign.status).toBe(404);
  });

  it('sends no prompt and corrects nothing without a glossary', async () => {
    const s = await setup();
    const anna = await signUp(s.api);
    const note = await upload(s, anna);
    s.worker.start();
    expect((await waitForNote(database().db, note.id)).status).toBe('done');
    for (const request of transcriptions()) expect(request.fields.prompt).toBeUndefined();
    const detail = await s.api.call(endpoints.getNote, {
      token: anna.token,
      params: { id: note.id },
    });
    expect(detail.body.note.glossary_corrections).toEqual([]);
    expect(detail.body.note.segments.map((segment) => segment.text).join(' ')).toBe(HEARD);
  });
});
