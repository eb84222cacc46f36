// The resumable upload (tus) over real HTTP against a real server with its worker, a real
// PGlite/PostgreSQL and the local speech peer: a cut connection resumes at the acknowledged offset
// and ends in one note, one reservation and one charge; refusals leave nothing on disk; another
// person's upload does not exist; abandoned uploads expire.
import { request } from 'node:http';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  endpoints,
  MAX_OPEN_UPLOADS_PER_USER,
  OPEN_UPLOAD_BYTES_FACTOR,
  RESUMABLE_UPLOAD_PATH,
  TUS_VERSION,
  UPLOAD_NOTE_ID_HEADER,
  type ErrorBody,
} from '@protokoll/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import { minutesLedger, notes, resumableUploads, users } from '../../db/schema.ts';
import { ensureMonthlyGrant } from '../../domain/minutes.ts';
import { defaultFields, filesIn, ledgerOf, waitForNote } from '../../jobs/testing.ts';
import {
  RESUMABLE_PARTS_PREFIX,
  sweepExpiredResumableUploads,
} from '../../lib/resumable-uploads.ts';
import { uploadTempDir } from '../../lib/upload-temp.ts';
import { audioStorage } from '../../providers/storage/storage.ts';
import { startServer, type RunningServer } from '../../server.ts';
import { memoryLogger, testConfig } from '../../test/app.ts';
import { signUp, tempDataDir, type SignedUp } from '../../test/accounts.ts';
import { httpClient } from '../../test/client.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
const WAIT_MS = 15_000;

let fixtures: AudioFixtures;
let peer: OpenAiPeer;
let server: RunningServer;
let dataDir: string;

beforeAll(async () => {
  [fixtures, peer] = await Promise.all([audioFixtures(), startOpenAiPeer()]);
  dataDir = await tempDataDir();
  server = await startServer(
    testConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      STT_BASE_URL: peer.url,
      MAX_UPLOAD_BYTES: '4M',
      UPLOAD_IDLE_TIMEOUT_MS: '1500',
    }),
    { db: database(), logger: memoryLogger().logger },
  );
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

async function waitFor(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const end = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function metadata(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** `POST /api/uploads` with the fields of a valid multipart upload, overridden by `fields`. */
async function create(
  account: SignedUp,
  size: number,
  fields: Record<string, string | undefined> = {},
  fileName = 'besprechung.wav',
) {
  const { size: _size, ...base } = defaultFields(fileName, size);
  return fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Tus-Resumable': TUS_VERSION,
      'Upload-Length': String(size),
      'Upload-Metadata': metadata({ ...base, ...fields }),
    },
  });
}

function uploadUrl(created: Response): string {
  const location = created.headers.get('Location');
  expect(location).toMatch(new RegExp(`^${RESUMABLE_UPLOAD_PATH}/[0-9a-f]{32}$`));
  return `${server.url}${location}`;
}

function patch(url: string, account: SignedUp, offset: number, bytes: Uint8Array) {
  return fetch(url, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: Buffer.from(bytes),
  });
}

function head(url: string, account: SignedUp) {
  return fetch(url, {
    method: 'HEAD',
    headers: { Authorization: `Bearer ${account.token}`, 'Tus-Resumable': TUS_VERSION },
  });
}

/**
 * Sends `bytes` as a PATCH, waits until the server has written them, then closes the connection
 * without ending the request: a network drop mid-upload.
 */
async function patchAndCut(
  url: string,
  account: SignedUp,
  bytes: Uint8Array,
  written: () => Promise<number>,
) {
  const req = request(url, {
    method: 'PATCH',
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
    },
  });
  req.on('error', () => undefined);
  req.write(bytes);
  await waitFor('the first bytes on disk', async () => (await written()) >= bytes.length);
  req.destroy();
}

/** The bytes of upload `id`'s PATCH arriving right now (its spool file in DATA_DIR/tmp/uploads). */
async function arriving(id: string): Promise<number> {
  const dir = uploadTempDir(dataDir);
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) =>
    name.includes(`-tus-${id}-`),
  );
  const sizes = await Promise.all(
    names.map((name) =>
      stat(join(dir, name)).then(
        (file) => file.size,
        () => 0,
      ),
    ),
  );
  return sizes.reduce((sum, bytes) => sum + bytes, 0);
}

/** Every stored part, as `<id>/<offset>` (the local storage's folder DATA_DIR/audio/tus). */
const partFiles = () => filesIn(join(dataDir, 'audio', RESUMABLE_PARTS_PREFIX));

/**
 * What is kept of `account`'s resumable uploads: each row (`<id>`, or `<id> note` once finished)
 * and each stored part (`<id>/<offset>`).
 */
async function keptOf(account: SignedUp): Promise<string[]> {
  const rows = await database()
    .db.select()
    .from(resumableUploads)
    .where(eq(resumableUploads.userId, account.user.id));
  const ids = new Set(rows.map((row) => row.id));
  const parts = (await partFiles()).filter((file) => ids.has(file.split('/')[0]!));
  return [...rows.map((row) => (row.noteId === null ? row.id : `${row.id} note`)), ...parts];
}

/** Parts without a row: left behind by nobody's upload. */
async function orphanParts(): Promise<string[]> {
  const rows = await database().db.select({ id: resumableUploads.id }).from(resumableUploads);
  const ids = new Set(rows.map((row) => row.id));
  return (await partFiles()).filter((file) => !ids.has(file.split('/')[0]!));
}

async function expectNothingLeft(account: SignedUp) {
  expect(await keptOf(account)).toEqual([]);
  expect(await orphanParts()).toEqual([]);
  expect(await filesIn(join(dataDir, 'audio', String(account.user.id)))).toEqual([]);
  expect(await database().db.select().from(notes).where(eq(notes.userId, account.user.id))).toEqual(
    [],
  );
  expect(
    await database()
      .db.select()
      .from(minutesLedger)
      .where(and(eq(minutesLedger.userId, account.user.id), isNotNull(minutesLedger.noteId))),
  ).toEqual([]);
}

async function errorOf(res: Response): Promise<ErrorBody> {
  expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
  return (await res.json()) as ErrorBody;
}

describe('resumable upload (tus)', () => {
  it('resumes a connection cut at 60 % from the acknowledged offset and ends in one note, one reservation and one charge', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.german.wav));
    const created = await create(anna, bytes.length);
    expect(created.status).toBe(201);
    const url = uploadUrl(created);
    const id = url.split('/').pop()!;

    const cut = Math.floor(bytes.length * 0.6);
    await patchAndCut(url, anna, bytes.subarray(0, cut), () => arriving(id));

    // The server acknowledges exactly what it stored; the client sends only the rest.
    let offset = -1;
    await waitFor('the offset after the cut', async () => {
      const res = await head(url, anna);
      offset = Number(res.headers.get('Upload-Offset'));
      return res.status === 200 && offset === cut;
    });
    // A PATCH from the wrong offset changes nothing.
    expect((await patch(url, anna, 0, bytes)).status).toBe(409);

    const rest = await patch(url, anna, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('Upload-Offset')).toBe(String(bytes.length));
    const noteId = Number(rest.headers.get(UPLOAD_NOTE_ID_HEADER));
    expect(noteId).toBeGreaterThan(0);

    // The client whose last answer was lost learns the note from HEAD, not by uploading again.
    const after = await head(url, anna);
    expect(after.status).toBe(200);
    expect(after.headers.get('Upload-Offset')).toBe(String(bytes.length));
    expect(after.headers.get(UPLOAD_NOTE_ID_HEADER)).toBe(String(noteId));

    const note = await waitForNote(database().db, noteId);
    expect(note.status).toBe('done');
    expect(note.size).toBe(bytes.length);
    expect(note.fileName).toBe('besprechung.wav');
    expect(note.name).toBe('besprechung');
    const rows = await database().db.select().from(notes).where(eq(notes.userId, anna.user.id));
    expect(rows).toHaveLength(1);
    expect(await ledgerOf(database().db, noteId)).toEqual(['reserve:1', 'charge:1']);
    // The recording was moved into storage; only the row of the upload stays, its parts are gone.
    expect(await keptOf(anna)).toEqual([`${id} note`]);
    // One recording in storage, and its level overview computed while it was transcribed.
    const stored = await filesIn(join(dataDir, 'audio', String(anna.user.id)));
    expect(stored).toHaveLength(2);
    expect(stored.filter((file) => file.endsWith('.peaks.json'))).toHaveLength(1);
  });

  it('refuses a file that is not audio when its last byte arrives, and leaves nothing on disk', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.textAsMp3));
    const url = uploadUrl(await create(anna, bytes.length, {}, 'notizen.mp3'));
    const res = await patch(url, anna, 0, bytes);
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('unsupportedAudio');
    await expectNothingLeft(anna);
    expect((await head(url, anna)).status).toBe(404);
  });

  it('refuses invalid fields and oversized uploads when created, before any byte', async () => {
    const anna = await signUp(httpClient(server.url));
    const invalid = await create(anna, 1000, { language: 'xx' });
    expect(invalid.status).toBe(422);
    expect((await errorOf(invalid)).code).toBe('validation');
    const folder = await create(anna, 1000, { folder_id: '999999' });
    expect(folder.status).toBe(404);
    const large = await create(anna, 5 * 1024 * 1024);
    expect(large.status).toBe(413);
    const body = await errorOf(large);
    expect(body.code).toBe('uploadFailed');
    const anonymous = await fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { 'Tus-Resumable': TUS_VERSION, 'Upload-Length': '10' },
    });
    expect(anonymous.status).toBe(401);
    await expectNothingLeft(anna);
  });

  it("answers another person's upload as if it did not exist", async () => {
    const api = httpClient(server.url);
    const [anna, ben] = await Promise.all([signUp(api), signUp(api)]);
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const url = uploadUrl(await create(anna, bytes.length));
    expect((await patch(url, anna, 0, bytes.subarray(0, 1000))).status).toBe(204);

    expect((await head(url, ben)).status).toBe(404);
    const foreignPatch = await patch(url, ben, 1000, bytes.subarray(1000));
    expect(foreignPatch.status).toBe(404);
    expect((await errorOf(foreignPatch)).code).toBe('notFound');
    const foreignDelete = await fetch(url, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${ben.token}`, 'Tus-Resumable': TUS_VERSION },
    });
    expect(foreignDelete.status).toBe(404);
    // Nothing of anna's upload changed; a made-up id is no different.
    const own = await head(url, anna);
    expect(own.headers.get('Upload-Offset')).toBe('1000');
    expect(
      (await head(`${server.url}${RESUMABLE_UPLOAD_PATH}/${'0'.repeat(32)}`, anna)).status,
    ).toBe(404);
    // A GET would download the bytes: not offered.
    const get = await fetch(url, { headers: { Authorization: `Bearer ${anna.token}` } });
    expect(get.status).toBe(404);

    const cancel = await fetch(url, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${anna.token}`, 'Tus-Resumable': TUS_VERSION },
    });
    expect(cancel.status).toBe(204);
    await expectNothingLeft(anna);
  });

  it('ends a PATCH that stalls with 408, keeping what arrived for the next one', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const url = uploadUrl(await create(anna, bytes.length));
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(url, {
        method: 'PATCH',
        headers: {
          Authorization: `Bearer ${anna.token}`,
          'Tus-Resumable': TUS_VERSION,
          'Upload-Offset': '0',
          'Content-Type': 'application/offset+octet-stream',
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (data: string) => (body += data));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      // 3000 bytes, then nothing: the request never ends.
      req.write(bytes.subarray(0, 3000));
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'uploadFailed' });
    const offset = Number((await head(url, anna)).headers.get('Upload-Offset'));
    expect(offset).toBe(3000);
    const rest = await patch(url, anna, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get(UPLOAD_NOTE_ID_HEADER))).toBeGreaterThan(0);
  });

  it('removes abandoned uploads once they expire, and keeps younger ones', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const url = uploadUrl(await create(anna, bytes.length));
    expect((await patch(url, anna, 0, bytes.subarray(0, 2000))).status).toBe(204);
    const id = url.split('/').pop()!;
    const kept = await keptOf(anna);
    // The row, and one part from offset 0.
    expect(kept).toEqual([id, expect.stringMatching(new RegExp(`^${id}/0{15}-[0-9a-f]{8}$`))]);

    const resumable = { db: database().db, storage: audioStorage(dataDir) };
    expect(await sweepExpiredResumableUploads(resumable, 60_000)).toBe(0);
    expect(await keptOf(anna)).toEqual(kept);
    expect(await sweepExpiredResumableUploads(resumable, 0)).toBeGreaterThanOrEqual(1);
    expect(await keptOf(anna)).toEqual([]);
    expect((await head(url, anna)).status).toBe(404);
    await expectNothingLeft(anna);
  });
});

describe('limits of open resumable uploads', () => {
  const del = (url: string, account: SignedUp) =>
    fetch(url, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${account.token}`, 'Tus-Resumable': TUS_VERSION },
    });

  it(`allows ${MAX_OPEN_UPLOADS_PER_USER} open uploads per person; giving one up frees its place`, async () => {
    const api = httpClient(server.url);
    const [anna, ben] = await Promise.all([signUp(api), signUp(api)]);
    const urls: string[] = [];
    for (let i = 0; i < MAX_OPEN_UPLOADS_PER_USER; i++) {
      const created = await create(anna, 1000);
      expect(created.status).toBe(201);
      urls.push(uploadUrl(created));
    }
    const refused = await create(anna, 1000);
    expect(refused.status).toBe(429);
    const body = await errorOf(refused);
    expect(body.code).toBe('tooManyOpenUploads');
    expect(body.message).toBe(
      `Sie haben bereits ${MAX_OPEN_UPLOADS_PER_USER} unvollständige Uploads offen, mehr sind nicht möglich. Setzen Sie einen davon fort, indem Sie dieselbe Datei erneut wählen, oder warten Sie, bis er verfällt.`,
    );
    const english = await fetch(`${server.url}${RESUMABLE_UPLOAD_PATH}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${anna.token}`,
        'Accept-Language': 'en',
        'Tus-Resumable': TUS_VERSION,
        'Upload-Length': '1000',
        'Upload-Metadata': metadata(defaultFields('a.wav', 1000)),
      },
    });
    expect((await errorOf(english)).message).toMatch(/^You already have 3 unfinished uploads open/);
    // Someone else's uploads are their own count.
    expect((await create(ben, 1000)).status).toBe(201);
    // Giving one up (as the client does) makes room again.
    expect((await del(urls[0]!, anna)).status).toBe(204);
    expect((await create(anna, 1000)).status).toBe(201);
  });

  it(`bounds the declared bytes of open uploads at ${OPEN_UPLOAD_BYTES_FACTOR} × MAX_UPLOAD_BYTES`, async () => {
    const anna = await signUp(httpClient(server.url));
    const max = 4 * 1024 * 1024;
    expect((await create(anna, max)).status).toBe(201);
    expect((await create(anna, max - 10)).status).toBe(201);
    const refused = await create(anna, 11);
    expect(refused.status).toBe(429);
    const body = await errorOf(refused);
    expect(body.code).toBe('tooManyOpenUploads');
    expect(body.message).toBe(
      'Ihre unvollständigen Uploads wären zusammen größer als erlaubt (höchstens 8 MB). Setzen Sie einen davon fort, indem Sie dieselbe Datei erneut wählen, oder warten Sie, bis er verfällt.',
    );
    expect((await create(anna, 10)).status).toBe(201);
  });

  it('counts only unfinished uploads: a finished one frees its place', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const first = uploadUrl(await create(anna, bytes.length));
    for (let i = 1; i < MAX_OPEN_UPLOADS_PER_USER; i++) {
      expect((await create(anna, 1000)).status).toBe(201);
    }
    expect((await create(anna, 1000)).status).toBe(429);
    expect((await patch(first, anna, 0, bytes)).status).toBe(204);
    expect((await create(anna, 1000)).status).toBe(201);
  });

  it('prices the length the browser declared when the upload is created, before any byte', async () => {
    const anna = await signUp(httpClient(server.url));
    // Free: 30 minutes a month, 30 minutes a file.
    const long = await create(anna, 1000, { duration_seconds: String(31 * 60) });
    expect(long.status).toBe(422);
    expect(await errorOf(long)).toMatchObject({
      code: 'fileTooLong',
      message: expect.stringContaining('Tarif Free') as unknown,
    });
    await database().db.update(users).set({ planId: 'starter' }).where(eq(users.id, anna.user.id));
    const costly = await create(anna, 1000, { duration_seconds: String(301 * 60) });
    expect(costly.status).toBe(402);
    expect((await errorOf(costly)).code).toBe('insufficientMinutes');
    await expectNothingLeft(anna);
    // Within the balance, or not declared at all (the server measures at the end): created.
    expect((await create(anna, 1000, { duration_seconds: '12.5' })).status).toBe(201);
    expect((await create(anna, 1000)).status).toBe(201);
  });

  it('still decides by the measured length when the last byte arrives, whatever was declared', async () => {
    const anna = await signUp(httpClient(server.url));
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const url = uploadUrl(await create(anna, bytes.length, { duration_seconds: '1' }));
    // Meanwhile the Free plan's 30 minutes are spent: the recording's measured minute is refused.
    const period = await ensureMonthlyGrant(database().db, anna.user.id, 'free');
    await database()
      .db.insert(minutesLedger)
      .values({ userId: anna.user.id, kind: 'charge', minutes: 30, period, reason: 'test: spent' });
    const refused = await patch(url, anna, 0, bytes);
    expect(refused.status).toBe(402);
    expect((await errorOf(refused)).code).toBe('insufficientMinutes');
  });

  it('says what is wrong when a PATCH brings more than the declared length', async () => {
    const anna = await signUp(httpClient(server.url));
    const url = uploadUrl(await create(anna, 100));
    const over = await patch(url, anna, 0, new Uint8Array(200));
    expect(over.status).toBe(413);
    expect(over.headers.get('Connection')).toBe('close');
    expect(await errorOf(over)).toMatchObject({
      code: 'uploadFailed',
      message:
        'Die Daten sind länger als die angekündigte Größe des Uploads (100 Byte). Bitte starten Sie den Upload neu.',
    });
  });

  it("removes a person's open uploads with their account, and nobody else's", async () => {
    const api = httpClient(server.url);
    const [anna, ben] = await Promise.all([signUp(api), signUp(api)]);
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const url = uploadUrl(await create(anna, bytes.length));
    expect((await patch(url, anna, 0, bytes.subarray(0, 2000))).status).toBe(204);
    uploadUrl(await create(anna, 1000));
    const bens = uploadUrl(await create(ben, 1000));
    // Two rows and the part of the first.
    expect(await keptOf(anna)).toHaveLength(3);
    const deleted = await api.call(endpoints.deleteUser, {
      token: anna.token,
      body: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await keptOf(anna)).toEqual([]);
    expect(await orphanParts()).toEqual([]);
    expect((await head(bens, ben)).status).toBe(200);
  });
});
