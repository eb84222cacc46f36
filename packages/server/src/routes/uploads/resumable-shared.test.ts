// A resumable upload belongs to no API process (docs/uploads.md#resumable-uploads): two app
// instances with data folders of their own share one database and one S3 bucket (the local test
// server, test/s3.ts). An upload begun on one continues and ends on the other; two creations of
// the last allowed upload at once, one on each, give one upload and one refusal; sweeping on
// both at once removes each expired upload once and leaves no part behind.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import {
  MAX_OPEN_UPLOADS_PER_USER,
  RESUMABLE_UPLOAD_PATH,
  TUS_VERSION,
  UPLOAD_NOTE_ID_HEADER,
} from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../../tests/support/audio.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import { notes, resumableUploads } from '../../db/schema.ts';
import { defaultFields, filesIn } from '../../jobs/testing.ts';
import { sweepExpiredResumableUploads } from '../../lib/resumable-uploads.ts';
import { createS3Storage } from '../../providers/storage/s3.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { startTestS3, type TestS3 } from '../../test/s3.ts';

const database = useTestDatabase();
let fixtures: AudioFixtures;
let peer: OpenAiPeer;
let s3: TestS3;
let storage: Storage;
/** Two API instances: own app, own DATA_DIR, one database, one bucket. */
let one: AccountsApp;
let two: AccountsApp;

beforeAll(async () => {
  [fixtures, peer, s3] = await Promise.all([audioFixtures(), startOpenAiPeer(), startTestS3()]);
  storage = createS3Storage({ client: s3.client, bucket: s3.settings.bucket, prefix: 'audio' });
  const instance = () =>
    accountsApp(
      database(),
      {
        STT_BASE_URL: peer.url,
        STORAGE: 's3',
        S3_BUCKET: s3.settings.bucket,
        S3_ENDPOINT: s3.settings.endpoint,
        MAX_UPLOAD_BYTES: '4M',
      },
      { storage },
    );
  [one, two] = await Promise.all([instance(), instance()]);
});
afterAll(async () => {
  await peer?.close();
  await s3?.stop();
});

function metadata(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

function tus(
  on: AccountsApp,
  account: SignedUp,
  path: string,
  init: { method: string; headers?: Record<string, string>; body?: Uint8Array },
) {
  return on.app.request(path, {
    method: init.method,
    headers: {
      Authorization: `Bearer ${account.token}`,
      'Tus-Resumable': TUS_VERSION,
      ...init.headers,
    },
    ...(init.body ? { body: Buffer.from(init.body) } : {}),
  });
}

function create(on: AccountsApp, account: SignedUp, size: number) {
  const { size: _size, ...fields } = defaultFields('besprechung.mp3', size);
  return tus(on, account, RESUMABLE_UPLOAD_PATH, {
    method: 'POST',
    headers: { 'Upload-Length': String(size), 'Upload-Metadata': metadata(fields) },
  });
}

function patch(
  on: AccountsApp,
  account: SignedUp,
  path: string,
  offset: number,
  bytes: Uint8Array,
) {
  return tus(on, account, path, {
    method: 'PATCH',
    headers: {
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: bytes,
  });
}

async function keysUnder(prefix: string): Promise<string[]> {
  const page = await s3.client.send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
  );
  return (page.Contents ?? []).map((object) => object.Key!);
}

describe('a resumable upload on two API instances', { timeout: 60_000 }, () => {
  it('begins on one, continues and ends on the other, with nothing in either data folder', async () => {
    const anna = await signUp(one.api);
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const created = await create(one, anna, bytes.length);
    expect(created.status).toBe(201);
    const path = created.headers.get('Location')!;
    const half = Math.floor(bytes.length / 2);
    expect((await patch(one, anna, path, 0, bytes.subarray(0, half))).status).toBe(204);

    // The other instance knows where the upload stands, and takes the rest.
    const head = await tus(two, anna, path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('Upload-Offset')).toBe(String(half));
    expect(head.headers.get('Upload-Length')).toBe(String(bytes.length));
    const rest = await patch(two, anna, path, half, bytes.subarray(half));
    expect(rest.status).toBe(204);
    const noteId = Number(rest.headers.get(UPLOAD_NOTE_ID_HEADER));
    expect(noteId).toBeGreaterThan(0);

    // The first instance learns the note from HEAD.
    const after = await tus(one, anna, path, { method: 'HEAD' });
    expect(after.headers.get('Upload-Offset')).toBe(String(bytes.length));
    expect(after.headers.get(UPLOAD_NOTE_ID_HEADER)).toBe(String(noteId));

    const [note] = await database().db.select().from(notes).where(eq(notes.id, noteId));
    expect(note).toMatchObject({ userId: anna.user.id, size: bytes.length });
    // The recording is in the bucket; the parts are gone; the data folders hold no upload.
    expect(await keysUnder(`audio/${anna.user.id}/`)).toEqual([`audio/${note!.audioKey}`]);
    expect(await keysUnder('audio/tus/')).toEqual([]);
    for (const dataDir of [one.dataDir, two.dataDir]) {
      expect(await filesIn(join(dataDir, 'tmp'))).toEqual([]);
      expect(await filesIn(join(dataDir, 'audio'))).toEqual([]);
    }
  });

  it('gives the last allowed place to one of two creations at once, one on each instance', async () => {
    const anna = await signUp(one.api);
    for (let i = 1; i < MAX_OPEN_UPLOADS_PER_USER; i++) {
      expect((await create(i % 2 ? one : two, anna, 1000)).status).toBe(201);
    }
    const answers = await Promise.all([create(one, anna, 1000), create(two, anna, 1000)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 429]);
    const rows = await database()
      .db.select()
      .from(resumableUploads)
      .where(eq(resumableUploads.userId, anna.user.id));
    expect(rows).toHaveLength(MAX_OPEN_UPLOADS_PER_USER);

    // A burst from nothing, half on each instance: exactly the allowed number is created.
    const ben = await signUp(two.api);
    const burst = await Promise.all(
      Array.from({ length: 2 * MAX_OPEN_UPLOADS_PER_USER }, (_, i) =>
        create(i % 2 ? one : two, ben, 1000),
      ),
    );
    const statuses = burst.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_OPEN_UPLOADS_PER_USER);
    expect(statuses.filter((status) => status === 429)).toHaveLength(MAX_OPEN_UPLOADS_PER_USER);
  });

  it('sweeps expired uploads from both instances at once: rows and parts gone, no error', async () => {
    const anna = await signUp(two.api);
    const bytes = new Uint8Array(await readFile(fixtures.german.mp3));
    const paths: string[] = [];
    for (const on of [one, two]) {
      const created = await create(on, anna, bytes.length);
      expect(created.status).toBe(201);
      const path = created.headers.get('Location')!;
      expect((await patch(on, anna, path, 0, bytes.subarray(0, 1000))).status).toBe(204);
      paths.push(path);
    }
    const ids = paths.map((path) => path.split('/').pop()!);
    expect(
      (await keysUnder('audio/tus/')).filter((key) => ids.some((id) => key.includes(id))),
    ).toHaveLength(2);

    const deps = { db: database().db, storage };
    const removed = await Promise.all([
      sweepExpiredResumableUploads(deps, 0),
      sweepExpiredResumableUploads(deps, 0),
    ]);
    expect(removed[0] + removed[1]).toBeGreaterThanOrEqual(2);
    expect(await keysUnder('audio/tus/')).toEqual([]);
    expect(await database().db.select().from(resumableUploads)).toEqual([]);
    for (const path of paths) {
      expect((await tus(one, anna, path, { method: 'HEAD' })).status).toBe(404);
    }
  });
});
