import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { writeStreamToFile } from '../../lib/files.ts';

/** Bytes `start` to `end` of an object, both inclusive (as in HTTP Range). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  /** Bytes. */
  size: number;
  modifiedAt: Date;
}

/** What `write` accepts: a Node stream, a web stream (a fetch or multipart body) or any byte iterable. */
export type StorageBody = Readable | WebReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * Where recordings live. Keys are relative paths such as `12/3f9c….mp3`; callers never see the
 * backing folder or bucket: a local folder (`createLocalStorage`) or an S3-compatible service
 * (`createS3Storage`, ./s3.ts) (docs/uploads.md#storage).
 */
export interface Storage {
  /** Stores `body` under `key`, replacing what was there; readers never see a half-written object. */
  write(key: string, body: StorageBody): Promise<StoredObject>;
  /**
   * Takes the local file at `path` as the object `key`, replacing what was there; the file is
   * gone from `path` afterwards. An upload is written once: local storage renames the file when
   * it is on the same volume and copies it only when it is not.
   */
  moveIn(path: string, key: string): Promise<StoredObject>;
  /** The object's bytes, or `range` of them. Rejects when the object does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and time of the object; undefined when there is none. */
  stat(key: string): Promise<StoredObject | undefined>;
  /** Removes the object; removing a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix/` (a user's recordings: `12`). */
  removeAll(prefix: string): Promise<void>;
}

/** Segments of letters, digits, `.`, `_` and `-`, none starting with a dot: no `..`, no hidden files. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** What `read` rejects with when the object is not there, whichever the backend (`code` as fs's). */
export class StorageObjectMissingError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`No such storage object: ${JSON.stringify(key)}`);
    this.name = 'StorageObjectMissingError';
  }
}

/** `key` when it is a valid storage key (KEY_PATTERN, at most 500 characters). */
export function checkStorageKey(key: string): string {
  if (key.length > 500 || !KEY_PATTERN.test(key)) throw new InvalidStorageKeyError(key);
  return key;
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === 'ENOENT';
}

/** Storage in a local folder: one file per key below `root`. */
export function createLocalStorage(root: string): Storage {
  const base = resolve(root);

  function pathOf(key: string): string {
    const path = resolve(base, checkStorageKey(key));
    // The pattern already rules out escapes; this guards the guard.
    if (!path.startsWith(base + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  async function statOf(path: string): Promise<StoredObject | undefined> {
    try {
      const info = await stat(path);
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async function stored(key: string, path: string): Promise<StoredObject> {
    const object = await statOf(path);
    if (!object) throw new Error(`Storage object vanished right after writing: ${key}`);
    return object;
  }

  async function write(key: string, body: StorageBody): Promise<StoredObject> {
    const path = pathOf(key);
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    // Written aside and renamed: a reader (or a crash) never meets a truncated recording.
    const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
    const source = body instanceof Readable ? body : Readable.from(body);
    await writeStreamToFile(source, partial, { mode: 0o600 });
    try {
      await rename(partial, path);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return stored(key, path);
  }

  return {
    write,

    async moveIn(source, key) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      try {
        // Atomic on one volume: the object appears whole or not at all.
        await rename(source, path);
      } catch (error) {
        if ((error as { code?: unknown } | undefined)?.code !== 'EXDEV') throw error;
        await write(key, createReadStream(source));
        await rm(source, { force: true });
      }
      return stored(key, path);
    },

    async read(key, range) {
      // Opening first makes a missing object reject here instead of failing mid-response.
      const handle = await open(pathOf(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async stat(key) {
      return statOf(pathOf(key));
    },

    async remove(key) {
      await rm(pathOf(key), { force: true });
    },

    async removeAll(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}

/** The folder of every user's recordings. */
export function audioRoot(dataDir: string): string {
  return join(dataDir, 'audio');
}

/** Where one user's recordings live; removed whole with the account. */
export function userAudioDir(dataDir: string, userId: number): string {
  return join(audioRoot(dataDir), String(userId));
}

/** The storage of recordings in DATA_DIR/audio. Keys start with the owner's id (`audioKey`). */
export function audioStorage(dataDir: string): Storage {
  return createLocalStorage(audioRoot(dataDir));
}

/**
 * The key of a new recording of `userId`: a random name (never the uploaded file name, which the
 * user chose) with the extension of its detected type.
 */
export function audioKey(userId: number, extension: string): string {
  const ext = extension.replace(/^\./, '').toLowerCase();
  const safeExt = /^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : '';
  return `${userId}/${randomBytes(16).toString('hex')}${safeExt}`;
}
