// Writing a stream into a file so that a failure leaves no file behind.
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Resolves once the stream has released its file. An fs write stream destroyed while it is still
 * opening its file opens it (so creates it) and only then closes: a file removed before that
 * would be there again.
 */
export function closedOf(file: WriteStream | undefined): Promise<void> {
  if (!file || file.closed) return Promise.resolve();
  return new Promise((resolve) => file.once('close', () => resolve()));
}

/**
 * Writes `source` into a new file at `path`. When anything fails (the source, the disk, `signal`)
 * the file is removed, once its stream has closed (`closedOf`), and the error is thrown.
 */
export async function writeStreamToFile(
  source: Readable,
  path: string,
  { mode, signal }: { mode?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const file = createWriteStream(path, { mode });
  try {
    await pipeline(source, file, { signal });
  } catch (error) {
    await closedOf(file);
    await rm(path, { force: true });
    throw error;
  }
}
