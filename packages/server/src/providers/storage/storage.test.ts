import { createHash, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchS3rverSigning, startTestS3, S3RVER_CREDENTIALS, type TestS3 } from '../../test/s3.ts';
import { createS3Client, createS3Storage, S3_PART_BYTES } from './s3.ts';
import {
  audioKey,
  audioStorage,
  createLocalStorage,
  InvalidStorageKeyError,
  userAudioDir,
  type Storage,
} from './storage.ts';

let root: string;
let storage: Storage;
let s3: TestS3;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'protokoll-storage-'));
  storage = createLocalStorage(root);
  s3 = await startTestS3();
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await s3?.stop();
});

/** The objects a backend holds below `prefix/`: files in the folder, keys in the bucket. */
type Listing = (prefix: string) => Promise<string[]>;

const backends: { name: string; open: () => { storage: Storage; list: Listing } }[] = [
  {
    name: 'local folder',
    open: () => ({
      storage,
      list: async (prefix) =>
        (await readdir(join(root, prefix), { recursive: true }).catch(() => [])).map(String),
    }),
  },
  {
    name: 'S3',
    open: () => ({
      storage: createS3Storage({ client: s3.client, bucket: s3.settings.bucket, prefix: 'audio' }),
      list: async (prefix) => {
        const page = await s3.client.send(
          new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: `audio/${prefix}/` }),
        );
        return (page.Contents ?? []).map((object) => object.Key!.slice(`audio/${prefix}/`.length));
      },
    }),
  },
];

/** Bytes of `size` that differ at every offset, so a misplaced range cannot pass. */
function pattern(size: number): Buffer {
  return randomBytes(size);
}

describe.each(backends)('storage: $name', ({ open }) => {
  let store: Storage;
  let list: Listing;
  beforeAll(() => {
    ({ storage: store, list } = open());
  });

  it('writes a stream, reads it whole or in part, stats and removes it', async () => {
    const written = await store.write('7/aufnahme.mp3', Readable.from(['Grüße ', 'aus ', 'Köln']));
    const size = Buffer.byteLength('Grüße aus Köln');
    expect(written.size).toBe(size);
    expect(written.modifiedAt).toBeInstanceOf(Date);
    expect(await text(await store.read('7/aufnahme.mp3'))).toBe('Grüße aus Köln');
    expect(await text(await store.read('7/aufnahme.mp3', { start: 8, end: 10 }))).toBe('aus');
    expect(await store.stat('7/aufnahme.mp3')).toMatchObject({ size });

    await store.remove('7/aufnahme.mp3');
    expect(await store.stat('7/aufnahme.mp3')).toBeUndefined();
    await expect(store.read('7/aufnahme.mp3')).rejects.toMatchObject({ code: 'ENOENT' });
    // Removing twice is fine.
    await store.remove('7/aufnahme.mp3');
  });

  it('accepts web streams and replaces an object without leaving partial objects', async () => {
    await store.write('8/a.wav', Readable.from(['alt']));
    await store.write('8/a.wav', new Blob(['neu']).stream());
    expect(await text(await store.read('8/a.wav'))).toBe('neu');
    expect(await list('8')).toEqual(['a.wav']);
  });

  it('streams an object larger than several parts and reads ranges across part borders', async () => {
    const bytes = pattern(S3_PART_BYTES + 12_345);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    expect(await store.write('12/gross.wav', Readable.from(chunks))).toMatchObject({
      size: bytes.length,
    });
    const whole = await buffer(await store.read('12/gross.wav'));
    const digest = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(digest(whole)).toBe(digest(bytes));
    const border = { start: S3_PART_BYTES - 10, end: S3_PART_BYTES + 9 };
    expect(await buffer(await store.read('12/gross.wav', border))).toEqual(
      bytes.subarray(border.start, border.end + 1),
    );
    const tail = { start: bytes.length - 5, end: bytes.length - 1 };
    expect(await buffer(await store.read('12/gross.wav', tail))).toEqual(bytes.subarray(-5));
  });

  it('keeps nothing of a write whose stream fails, also after parts were sent', async () => {
    for (const [key, before] of [
      ['9/kaputt.mp3', Buffer.from('Anfang')],
      ['9/spaet-kaputt.mp3', pattern(S3_PART_BYTES + 1)],
    ] as const) {
      let sent = false;
      const failing = new Readable({
        read() {
          if (sent) return void this.destroy(new Error('Verbindung abgebrochen'));
          sent = true;
          this.push(before);
        },
      });
      await expect(store.write(key, failing)).rejects.toThrow('Verbindung abgebrochen');
      expect(await store.stat(key)).toBeUndefined();
    }
    expect(await list('9')).toEqual([]);
  });

  it('moves a local file in and removes it where it was', async () => {
    const source = join(root, `upload-${randomBytes(4).toString('hex')}.part`);
    await writeFile(source, 'Aufnahme');
    expect(await store.moveIn(source, '10/aufnahme.wav')).toMatchObject({ size: 8 });
    expect(await text(await store.read('10/aufnahme.wav'))).toBe('Aufnahme');
    await expect(stat(source)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.moveIn(join(root, 'fehlt.part'), '10/x.wav')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await store.stat('10/x.wav')).toBeUndefined();
    await expect(store.moveIn(source, '../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  it('refuses keys that could leave its folder or hide files', async () => {
    for (const key of ['../x', '/etc/passwd', '7/../../x', '.hidden', '7/.x', '', '7//x', 'a\\b']) {
      await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.read(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(store.write(key, Readable.from(['x'])), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
      await expect(store.removeAll(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
  });

  it("removes all of one user's objects and nobody else's", async () => {
    const [mine, also, theirs] = [audioKey(43, 'mp3'), audioKey(43, 'wav'), audioKey(434, 'mp3')];
    for (const key of [mine, also, theirs, `${mine}.peaks.json`]) {
      await store.write(key, Readable.from(['ID3']));
    }
    await store.removeAll('43');
    expect(await store.stat(mine)).toBeUndefined();
    expect(await store.stat(also)).toBeUndefined();
    expect(await list('43')).toEqual([]);
    // A user whose id starts with the same digits keeps everything.
    expect(await store.stat(theirs)).toMatchObject({ size: 3 });
    // Nothing there: not an error.
    await store.removeAll('43');
  });
});

describe('S3 storage that cannot be reached', () => {
  it('rejects every call instead of waiting, and a write leaves nothing behind', async () => {
    const other = await startTestS3('protokoll-gone');
    const client = createS3Client(other.settings, { credentials: S3RVER_CREDENTIALS });
    matchS3rverSigning(client);
    const gone = createS3Storage({
      client,
      bucket: other.settings.bucket,
      prefix: 'audio',
    });
    await gone.write('1/da.mp3', Readable.from(['ID3']));
    await other.stop();
    await expect(gone.write('1/neu.mp3', Readable.from(['ID3']))).rejects.toThrow();
    await expect(gone.read('1/da.mp3')).rejects.toThrow();
    await expect(gone.stat('1/da.mp3')).rejects.toThrow();
  });
});

describe('local storage', () => {
  it('moves a local file in: renamed on the same volume, gone from where it was', async () => {
    const source = join(root, 'upload.part');
    await writeFile(source, 'Aufnahme');
    const { ino } = await stat(source);
    expect(await storage.moveIn(source, '10/aufnahme.wav')).toMatchObject({ size: 8 });
    expect(await text(await storage.read('10/aufnahme.wav'))).toBe('Aufnahme');
    // The same inode: not a byte was copied.
    expect((await stat(join(root, '10', 'aufnahme.wav'))).ino).toBe(ino);
    await expect(stat(source)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(storage.moveIn(join(root, 'fehlt.part'), '10/x.wav')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(storage.moveIn(source, '../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });

  // tmpfs, when the machine has one apart from the temp folder's volume.
  const otherVolume = '/dev/shm';
  const separate = (() => {
    try {
      return statSync(otherVolume).dev !== statSync(tmpdir()).dev;
    } catch {
      return false;
    }
  })();
  it.skipIf(!separate)('copies a file in from another volume, then removes it there', async () => {
    const dir = await mkdtemp(join(otherVolume, 'protokoll-storage-'));
    try {
      const source = join(dir, 'upload.part');
      await writeFile(source, 'Anderswo');
      expect(await storage.moveIn(source, '11/aufnahme.wav')).toMatchObject({ size: 8 });
      expect(await text(await storage.read('11/aufnahme.wav'))).toBe('Anderswo');
      expect(await readdir(dir)).toEqual([]);
      expect(await readdir(join(root, '11'))).toEqual(['aufnahme.wav']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('audio storage', () => {
  it("keeps a user's recordings in DATA_DIR/audio/<userId> under random names", async () => {
    const key = audioKey(42, '.MP3');
    expect(key).toMatch(/^42\/[0-9a-f]{32}\.mp3$/);
    expect(audioKey(42, 'mp3')).not.toBe(key);
    expect(audioKey(42, '../../x')).toMatch(/^42\/[0-9a-f]{32}$/);
    await audioStorage(root).write(key, Readable.from(['ID3']));
    expect(await readdir(userAudioDir(root, 42))).toEqual([key.split('/')[1]]);
    expect(userAudioDir(root, 42)).toBe(join(root, 'audio', '42'));
  });

  it("removes all of one user's recordings and nobody else's", async () => {
    const audio = audioStorage(root);
    const [mine, also, theirs] = [audioKey(43, 'mp3'), audioKey(43, 'wav'), audioKey(44, 'mp3')];
    for (const key of [mine, also, theirs]) await audio.write(key, Readable.from(['ID3']));
    await audio.removeAll('43');
    expect(await audio.stat(mine)).toBeUndefined();
    expect(await audio.stat(also)).toBeUndefined();
    expect(await audio.stat(theirs)).toMatchObject({ size: 3 });
    // Nothing there: not an error.
    await audio.removeAll('43');
    await expect(audio.removeAll('../x')).rejects.toBeInstanceOf(InvalidStorageKeyError);
  });
});
