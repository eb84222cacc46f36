import { statSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'protokoll-storage-'));
  storage = createLocalStorage(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local storage', () => {
  it('writes a stream, reads it whole or in part, stats and removes it', async () => {
    const written = await storage.write(
      '7/aufnahme.mp3',
      Readable.from(['Grüße ', 'aus ', 'Köln']),
    );
    const size = Buffer.byteLength('Grüße aus Köln');
    expect(written.size).toBe(size);
    expect(await text(await storage.read('7/aufnahme.mp3'))).toBe('Grüße aus Köln');
    expect(await text(await storage.read('7/aufnahme.mp3', { start: 8, end: 10 }))).toBe('aus');
    expect(await storage.stat('7/aufnahme.mp3')).toMatchObject({ size });

    await storage.remove('7/aufnahme.mp3');
    expect(await storage.stat('7/aufnahme.mp3')).toBeUndefined();
    await expect(storage.read('7/aufnahme.mp3')).rejects.toMatchObject({ code: 'ENOENT' });
    // Removing twice is fine.
    await storage.remove('7/aufnahme.mp3');
  });

  it('accepts web streams and replaces an object without leaving partial files', async () => {
    await storage.write('8/a.wav', Readable.from(['alt']));
    const web = new Blob(['neu']).stream();
    await storage.write('8/a.wav', web);
    expect(await text(await storage.read('8/a.wav'))).toBe('neu');
    expect(await readdir(join(root, '8'))).toEqual(['a.wav']);
  });

  it('keeps nothing of a write whose stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push('Anfang');
        this.destroy(new Error('Verbindung abgebrochen'));
      },
    });
    await expect(storage.write('9/kaputt.mp3', failing)).rejects.toThrow('Verbindung abgebrochen');
    expect(await storage.stat('9/kaputt.mp3')).toBeUndefined();
    expect(await readdir(join(root, '9'))).toEqual([]);
  });

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

  it('refuses keys that could leave its folder or hide files', async () => {
    for (const key of ['../x', '/etc/passwd', '7/../../x', '.hidden', '7/.x', '', '7//x', 'a\\b']) {
      await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.write(key, Readable.from(['x'])), key).rejects.toBeInstanceOf(
        InvalidStorageKeyError,
      );
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
