// POST /api/note and GET /api/capabilities against real audio files (made at test time) and a
// real PGlite/PostgreSQL: every refusal leaves nothing behind and charges nothing. No worker
// runs here; processing is tested in jobs/.
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@protokoll/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import { jobs, minutesLedger, notes, users } from '../../db/schema.ts';
import { filesIn, ledgerOf, silence, uploadForm, type UploadFields } from '../../jobs/testing.ts';
import { monthPeriod } from '../../domain/minutes.ts';
import { createBoundedQueue } from '../../lib/bounded-queue.ts';
import type { DbGate } from '../../lib/db-gate.ts';
import { ServerBusyError } from '../../lib/errors.ts';
import { uploadTempDir } from '../../lib/upload-temp.ts';
import { startServer } from '../../server.ts';
import { memoryLogger, testConfig } from '../../test/app.ts';
import {
  accountsApp,
  signUp,
  tempDataDir,
  type AccountsApp,
  type SignedUp,
} from '../../test/accounts.ts';
import { httpClient, readResponse, type TestResponse } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedFolder } from '../../test/notes.ts';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
/** STT configured, no LLM: the extractive summariser only. */
let t: AccountsApp;

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer()]);
  t = await accountsApp(database(), { STT_BASE_URL: peer.url });
});
afterAll(async () => {
  await peer?.close();
});

async function minutes(app: AccountsApp, account: SignedUp) {
  const res = await app.api.call(endpoints.getMinutes, { token: account.token });
  return res.body.minutes;
}

async function upload(
  account: SignedUp,
  path: string | undefined,
  fields: UploadFields = {},
  options: { app?: AccountsApp; headers?: Record<string, string>; fileName?: string } = {},
) {
  const app = options.app ?? t;
  const form = await uploadForm(path, fields, options.fileName);
  return app.api.call(endpoints.uploadNote, {
    token: account.token,
    body: form,
    headers: options.headers,
  });
}

async function refusal(res: TestResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = res.error;
  expect(body.code).toBe(code);
  return body;
}

/** Nothing of a refused upload is left: no temporary file, no stored recording, no note, no minutes held. */
async function expectNothingLeft(app: AccountsApp, account: SignedUp) {
  expect(await filesIn(uploadTempDir(app.dataDir))).toEqual([]);
  expect(await filesIn(join(app.dataDir, 'audio', String(account.user.id)))).toEqual([]);
  const rows = await database().db.select().from(notes).where(eq(notes.userId, account.user.id));
  expect(rows).toEqual([]);
  const held = await database()
    .db.select()
    .from(minutesLedger)
    .where(and(eq(minutesLedger.userId, account.user.id), isNotNull(minutesLedger.noteId)));
  expect(held).toEqual([]);
}

/** Spends `used` of the user's minutes this month, as an earlier note would: reserved, then charged. */
async function spend(account: SignedUp, used: number) {
  await minutes(t, account); // creates the month's grant
  const row = {
    userId: account.user.id,
    minutes: used,
    period: monthPeriod(new Date()),
    reason: 'note-run-1',
  };
  await database()
    .db.insert(minutesLedger)
    .values([
      { ...row, kind: 'reserve' },
      { ...row, kind: 'charge' },
    ]);
}

describe('GET /api/capabilities', () => {
  it('reports the engine, the extractive summariser without an LLM, languages and the size limit', async () => {
    const res = await t.api.call(endpoints.getCapabilities);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      stt_available: true,
      missing_audio_tools: [],
      llm_available: false,
      summary_models: [{ id: 'extractive', premium: false }],
      languages: ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'tr'],
      max_upload_bytes: 1024 ** 3,
      payments_enabled: false,
      // STT_BASE_URL alone is a pool of one engine, named by its place, never by its address.
      engines: [{ kind: 'stt', name: 'stt-1', tag: 'local', up: true }],
    });
  });

  it('lists the LLM models with their premium flag, and no engine when none is configured', async () => {
    const bare = await accountsApp(database(), {
      LLM_BASE_URL: peer.url,
      LLM_MODELS: 'gpt-4o-mini,gpt-4o:premium',
      MAX_UPLOAD_BYTES: '500M',
    });
    const body = (await bare.api.call(endpoints.getCapabilities)).body;
    expect(body.stt_available).toBe(false);
    expect(body.llm_available).toBe(true);
    expect(body.summary_models).toEqual([
      { id: 'gpt-4o-mini', premium: false },
      { id: 'gpt-4o', premium: true },
    ]);
    expect(body.max_upload_bytes).toBe(500 * 1024 ** 2);
  });
});

describe('POST /api/note', () => {
  it('is documented from the contract as a multipart call', async () => {
    // The OpenAPI document itself is no contract call.
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { operationId: string; requestBody: { content: object } }>
      >;
    };
    const operation = doc.paths['/api/note']?.post;
    expect(operation?.operationId).toBe('uploadNote');
    expect(Object.keys(operation?.requestBody.content ?? {})).toEqual(['multipart/form-data']);
  });

  it('accepts a recording: stored under the user, note queued, rounded-up minutes reserved, job enqueued', async () => {
    const anna = await signUp(t.api);
    const res = await upload(anna, fixtures.german.mp3, { name: 'Teamrunde', size: '1' });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.success).toBe(true);
    expect(body.message).toBe('Die Aufnahme wurde angenommen und wird verarbeitet.');
    const note = body.note!;
    expect(note).toMatchObject({
      name: 'Teamrunde',
      status: 'queued',
      file_name: 'german.mp3',
      folder_id: null,
      minutes_charged: 0,
      summary_model: 'extractive',
      transcribe: true,
    });
    expect(note.duration_seconds).toBeGreaterThan(7);
    expect(note.duration_seconds).toBeLessThan(9);

    const [row] = await database().db.select().from(notes).where(eq(notes.id, note.id));
    expect(row!.minutesReserved).toBe(1);
    // The measured size, not the client's `size` field.
    expect(row!.size).toBe((await stat(fixtures.german.mp3)).size);
    expect(row!.audioType).toBe('audio/mpeg');
    expect(row!.audioKey).toMatch(new RegExp(`^${anna.user.id}/[0-9a-f]{32}\\.mp3$`));
    expect(await filesIn(join(t.dataDir, 'audio'))).toEqual([row!.audioKey]);
    expect(await filesIn(uploadTempDir(t.dataDir))).toEqual([]);
    const [job] = await database().db.select().from(jobs).where(eq(jobs.noteId, note.id));
    expect(job).toMatchObject({ state: 'queued', stage: 'prepare', attempts: 0 });
    expect(await ledgerOf(database().db, note.id)).toEqual(['reserve:1']);
    expect(await minutes(t, anna)).toMatchObject({ total: 30, used: 0, running: 1, remaining: 29 });
  });

  it('names the note after the file when no name is sent, and files it in the user’s own folder', async () => {
    const anna = await signUp(t.api);
    const folder = await seedFolder(database().db, anna.user.id, 'Kunden');
    const res = await upload(
      anna,
      fixtures.german.ogg,
      { folder_id: String(folder.id) },
      { fileName: 'Kundengespräch März.ogg' },
    );
    expect(res.status).toBe(200);
    const { note } = res.body;
    expect(note).toMatchObject({ name: 'Kundengespräch März', folder_id: folder.id });
  });

  it('answers 404 for another user’s folder and stores nothing', async () => {
    const anna = await signUp(t.api);
    const ben = await signUp(t.api);
    const folder = await seedFolder(database().db, ben.user.id, 'Privat');
    const res = await upload(anna, fixtures.german.mp3, { folder_id: String(folder.id) });
    await refusal(res, 404, 'notFound');
    await expectNothingLeft(t, anna);
  });

  it('refuses without a session before reading anything', async () => {
    const res = await t.api.call(endpoints.uploadNote, {
      body: await uploadForm(fixtures.german.mp3),
    });
    await refusal(res, 401, 'notAuthenticated');
  });

  it('refuses a body without the file and fields the contract rejects, with field issues', async () => {
    const anna = await signUp(t.api);
    const noFile = await refusal(await upload(anna, undefined), 422, 'uploadRequiresFormData');
    expect(noFile.message).toBe("isFileUpload=true requires FormData with 'audio_file'");
    expect(noFile.issues).toEqual([{ path: 'audio_file', message: 'validation.fileRequired' }]);

    // A JSON body where a form is due: about the content type, so sent by hand.
    const json = await t.app.request('/api/note', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${anna.token}` },
      body: JSON.stringify({ file_name: 'x' }),
    });
    await refusal(await readResponse(endpoints.uploadNote, json), 422, 'uploadRequiresFormData');

    const bad = await refusal(
      await upload(anna, fixtures.german.mp3, {
        structure: 'novel',
        transcribe: 'vielleicht',
        language: 'klingonisch',
        summary_model: 'gpt-9',
      }),
      422,
      'validation',
    );
    expect(bad.issues?.map((issue) => issue.path).sort()).toEqual([
      'language',
      'structure',
      'transcribe',
    ]);

    const unknown = await refusal(
      await upload(anna, fixtures.german.mp3, { summary_model: 'gpt-9', summary_language: 'xx' }),
      422,
      'validation',
    );
    expect(unknown.issues).toEqual([
      { path: 'summary_language', message: 'validation.languageInvalid' },
      { path: 'summary_model', message: 'validation.invalidValue' },
    ]);
    await expectNothingLeft(t, anna);
  });

  it('refuses a file over MAX_UPLOAD_BYTES with 413 while streaming, and keeps nothing of it', async () => {
    const small = await accountsApp(database(), {
      STT_BASE_URL: peer.url,
      MAX_UPLOAD_BYTES: '100K',
    });
    const anna = await signUp(small.api);
    // german.wav is 335 KiB; the body carries no length, so the limit trips while streaming.
    const res = await upload(anna, fixtures.german.wav, {}, { app: small });
    const body = await refusal(res, 413, 'uploadFailed');
    expect(body.message).toBe('Die Datei ist zu groß. Erlaubt sind höchstens 100 kB pro Datei.');
    await expectNothingLeft(small, anna);

    // A declared length far over the limit is refused before the body is read.
    const english = await upload(
      anna,
      fixtures.german.wav,
      {},
      {
        app: small,
        headers: { 'Accept-Language': 'en-GB,en;q=0.9' },
      },
    );
    expect((await refusal(english, 413, 'uploadFailed')).message).toBe(
      'The file is too large. Files can be at most 100 kB.',
    );
    // The body never delivers a byte: answering at all proves it was not read. A stream body and
    // a declared length are HTTP itself, so this request is written by hand.
    const silent = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const declared = await Promise.race([
      small.app.request('/api/note', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${anna.token}`,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Content-Length': String(3 * 1024 * 1024),
        },
        body: silent,
        duplex: 'half',
      } as RequestInit),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('the body was read')), 5_000),
      ),
    ]);
    await refusal(await readResponse(endpoints.uploadNote, declared), 413, 'uploadFailed');
    await expectNothingLeft(small, anna);
  });

  it('refuses content that is not audio, whatever its name, with 415', async () => {
    const anna = await signUp(t.api);
    for (const file of [fixtures.pngAsMp3, fixtures.textAsMp3]) {
      const body = await refusal(await upload(anna, file), 415, 'unsupportedAudio');
      expect(body.message).toBe(
        'Die Datei ist keine Audiodatei in einem unterstützten Format (MP3, M4A, WAV, OGG/Opus, WebM, FLAC).',
      );
    }
    await expectNothingLeft(t, anna);
  });

  it('refuses truncated and empty audio with 422 and the reason', async () => {
    const anna = await signUp(t.api);
    const truncated = await refusal(
      await upload(anna, fixtures.truncatedMp3),
      422,
      'unsupportedAudio',
    );
    expect(truncated.message).toBe(
      'Die Audiodatei ist unvollständig: Sie endet früher, als ihr Dateikopf angibt.',
    );
    const empty = await refusal(
      await upload(anna, fixtures.emptyWav, {}, { headers: { 'Accept-Language': 'en' } }),
      422,
      'unsupportedAudio',
    );
    expect(empty.message).toMatch(/^The audio file /);
    await expectNothingLeft(t, anna);
  });

  it('refuses a recording longer than the plan allows per file, naming both lengths', async () => {
    const anna = await signUp(t.api);
    const long = await silence(31 * 60);
    const body = await refusal(await upload(anna, long), 422, 'fileTooLong');
    expect(body.message).toBe(
      'Diese Aufnahme dauert 31:00. Ihr Tarif Free erlaubt höchstens 30 Minuten pro Datei.',
    );
    await expectNothingLeft(t, anna);

    // Paid plans have no per-file limit (docs/minutes.md#plans).
    await database().db.update(users).set({ planId: 'starter' }).where(eq(users.id, anna.user.id));
    await database()
      .db.insert(minutesLedger)
      .values({
        userId: anna.user.id,
        kind: 'grant',
        minutes: 300,
        period: monthPeriod(new Date()),
        reason: 'plan:starter',
      });
    const res = await upload(anna, long);
    expect(res.status).toBe(200);
    const { note } = res.body;
    expect(await ledgerOf(database().db, note!.id)).toEqual(['reserve:31']);
  });

  it('refuses when the remaining minutes are too few, with the numbers, and charges nothing', async () => {
    const anna = await signUp(t.api);
    await spend(anna, 30);
    const body = await refusal(await upload(anna, fixtures.german.mp3), 402, 'insufficientMinutes');
    expect(body.message).toBe(
      'Diese Aufnahme dauert 0:08 und kostet 1 Minute, Ihnen bleiben aber nur 0 Minuten.',
    );
    await expectNothingLeft(t, anna);
    expect(await minutes(t, anna)).toMatchObject({ used: 30, running: 0, remaining: 0 });
  });

  it('lets concurrent uploads of one user together spend no more than the remaining minutes', async () => {
    const anna = await signUp(t.api);
    await spend(anna, 28);
    const answers = await Promise.all(
      [fixtures.german.mp3, fixtures.german.ogg, fixtures.german.flac].map((file) =>
        upload(anna, file),
      ),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([200, 200, 402]);
    const rows = await database().db.select().from(notes).where(eq(notes.userId, anna.user.id));
    expect(rows).toHaveLength(2);
    expect(await minutes(t, anna)).toMatchObject({ used: 28, running: 2, remaining: 0 });
    // Only the accepted recordings were kept.
    expect((await filesIn(join(t.dataDir, 'audio', String(anna.user.id)))).sort()).toEqual(
      rows.map((row) => row.audioKey!.split('/')[1]).sort(),
    );
  });

  it('refuses a premium model on the Free plan and an unoffered model', async () => {
    const llm = await accountsApp(database(), {
      STT_BASE_URL: peer.url,
      LLM_BASE_URL: peer.url,
      LLM_MODELS: 'gpt-4o-mini,gpt-4o:premium',
    });
    const anna = await signUp(llm.api);
    const premium = await refusal(
      await upload(anna, fixtures.german.mp3, { summary_model: 'gpt-4o' }, { app: llm }),
      403,
      'premiumRequired',
    );
    expect(premium.message).toBe('Das Modell gpt-4o gibt es nur in den kostenpflichtigen Tarifen.');
    // With an LLM configured, the extractive summariser is not on offer.
    await refusal(await upload(anna, fixtures.german.mp3, {}, { app: llm }), 422, 'validation');
    await expectNothingLeft(llm, anna);
    const standard = await upload(
      anna,
      fixtures.german.mp3,
      { summary_model: 'gpt-4o-mini' },
      { app: llm },
    );
    expect(standard.status).toBe(200);
  });

  it('a busy database refuses it with 503 at whichever step, leaving nothing; the body holds no place', async () => {
    // A gate that lets `allow` database steps through and refuses the next: every step of the
    // upload (auth, user, folder, minutes, the transaction) is refused once, in turn.
    let allow = Infinity;
    let steps = 0;
    let inGate = 0;
    let bodyReadInGate = false;
    const dbGate: DbGate = {
      async run(work) {
        if (steps++ >= allow) throw new ServerBusyError('test', 1);
        inGate++;
        try {
          return await work({ away: (outside) => outside() });
        } finally {
          inGate--;
        }
      },
      get active() {
        return inGate;
      },
      waiting: 0,
    };
    const busy = await accountsApp(database(), { STT_BASE_URL: peer.url }, { dbGate });
    const anna = await signUp(busy.api);
    const folder = await seedFolder(database().db, anna.user.id, 'Projekte');
    for (allow = 0; ; allow++) {
      steps = 0;
      const form = await uploadForm(fixtures.german.mp3, { folder_id: String(folder.id) });
      // The body must not be read while a database step holds its place.
      const encoded = new Response(form);
      const source = encoded.body!.getReader();
      // Pulled only when the server reads (no read-ahead), so each pull shows who holds the gate.
      const watched = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            if (inGate > 0) bodyReadInGate = true;
            const { done, value } = await source.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
        },
        { highWaterMark: 0 },
      );
      const res = await readResponse(
        endpoints.uploadNote,
        await busy.app.request('/api/note', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${anna.token}`,
            'Content-Type': encoded.headers.get('Content-Type')!,
          },
          body: watched,
          duplex: 'half',
        } as RequestInit),
      );
      if (res.status === 200) break;
      await refusal(res, 503, 'server');
      expect(res.headers.get('Retry-After')).toBe('1');
      await expectNothingLeft(busy, anna);
    }
    // Auth, user, minutes account (own or the team's), folder, minutes and the transaction: each
    // was refused once before it went through.
    expect(allow).toBe(6);
    expect(bodyReadInGate).toBe(false);
  });

  it('takes the database gate in front of the line for every step after the session check', async () => {
    // docs/architecture.md#database-queue: one full wait, not one per step.
    const steps: boolean[] = [];
    const dbGate: DbGate = {
      run(work, options) {
        steps.push(options?.returning ?? false);
        return work({ away: (outside) => outside() });
      },
      active: 0,
      waiting: 0,
    };
    const t = await accountsApp(database(), { STT_BASE_URL: peer.url }, { dbGate });
    const anna = await signUp(t.api);
    steps.length = 0;
    expect((await upload(anna, fixtures.german.mp3, {}, { app: t })).status).toBe(200);
    // The session check; then the user, the minutes account, the minutes and the transaction.
    expect(steps).toEqual([false, true, true, true, true]);
  });

  it('a full line for the ffprobe check refuses it with 503 and Retry-After, leaving nothing', async () => {
    // docs/architecture.md#password-and-probe-queues: one probe at once, no line; the test holds the one place.
    const probeQueue = createBoundedQueue(
      { maxConcurrent: 1, queueLimit: 0, queueTimeoutMs: 1000 },
      'upload check',
    );
    const t = await accountsApp(database(), { STT_BASE_URL: peer.url }, { probeQueue });
    const anna = await signUp(t.api);
    let free!: () => void;
    const held = probeQueue.run(() => new Promise<void>((done) => (free = done)));
    const refused = await upload(anna, fixtures.german.mp3, {}, { app: t });
    expect(refused.headers.get('Retry-After')).toBe('1');
    await refusal(refused, 503, 'server');
    await expectNothingLeft(t, anna);
    expect(await minutes(t, anna)).toMatchObject({ used: 0, running: 0 });
    free();
    await held;
    expect((await upload(anna, fixtures.german.mp3, {}, { app: t })).status).toBe(200);
    expect(probeQueue.active).toBe(0);
  });

  it('refuses every upload when no speech-to-text engine is configured, charging nothing', async () => {
    const bare = await accountsApp(database());
    const anna = await signUp(bare.api);
    const body = await refusal(
      await upload(anna, fixtures.german.mp3, {}, { app: bare }),
      422,
      'transcriptionUnavailable',
    );
    expect(body.message).toBe(
      'Auf diesem Server ist keine Spracherkennung eingerichtet, deshalb kann die Aufnahme nicht verarbeitet werden. Es wurden keine Minuten berechnet.',
    );
    await expectNothingLeft(bare, anna);
    expect(await minutes(bare, anna)).toMatchObject({ used: 0, running: 0, remaining: 30 });
  });
});

describe('POST /api/note over real HTTP', () => {
  it('streams the body from the socket, and answers 413 to a client still sending', async () => {
    const dataDir = await tempDataDir();
    const running = await startServer(
      testConfig({
        PORT: '0',
        DATA_DIR: dataDir,
        STT_BASE_URL: peer.url,
        MAX_UPLOAD_BYTES: '1M',
      }),
      { db: database(), logger: memoryLogger().logger, worker: false },
    );
    try {
      const api = httpClient(running.url);
      const anna = await signUp(api);
      const post = async (form: FormData) =>
        api.call(endpoints.uploadNote, { token: anna.token, body: form });

      const accepted = await post(await uploadForm(fixtures.german.webm));
      expect(accepted.status).toBe(200);
      expect(accepted.body.note).toMatchObject({
        status: 'queued',
        file_name: 'german.webm',
      });

      // 1.5 MiB: over the limit, but within the envelope allowance, so it is streamed and cut off.
      const form = await uploadForm(undefined);
      form.append('audio_file', new File([new Uint8Array(1.5 * 1024 * 1024)], 'gross.wav'));
      const refused = await post(form);
      expect(refused.status).toBe(413);
      expect(refused.error.code).toBe('uploadFailed');
      expect(await filesIn(uploadTempDir(dataDir))).toEqual([]);
    } finally {
      await running.close();
    }
  });
});
