// The multipart body of `POST /api/note`, streamed: the recording goes straight from the socket
// to a temporary file, never into memory, and the size limit is enforced while it flows.
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';

/** The multipart field holding the recording (SPEC §5). */
export const AUDIO_FIELD = 'audio_file';

/** Where uploads wait while they are checked: DATA_DIR/tmp/uploads, next to the audio folder. */
export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp', 'uploads');
}

/**
 * Buffers of the file path, above Node's 16 KiB default: a slow disk can fall behind the socket
 * for a moment without stopping it at once. Backpressure still bounds the memory an upload holds.
 */
const FILE_BUFFER_BYTES = 256 * 1024;

export interface ReceivedFile {
  /** The temporary file; the caller removes it. */
  path: string;
  /** The name the client sent in the part's header (not trusted for anything but display). */
  filename: string;
  mimeType: string;
  bytes: number;
}

export interface ReceivedUpload {
  /** Text fields by name; a repeated field keeps its first value. */
  fields: Record<string, string>;
  /** Undefined when the body held no `audio_file` part, or when it was too large. */
  file: ReceivedFile | undefined;
  /** The file went over the limit: reading stopped counting, and nothing of it was kept. */
  tooLarge: boolean;
}

/** The body is not multipart form data (or its header names no boundary). */
export class NotMultipartError extends Error {
  constructor(cause: unknown) {
    super('request body is not multipart/form-data', { cause });
    this.name = 'NotMultipartError';
  }
}

export interface ReceiveOptions {
  /** Folder for the temporary file (created when missing). */
  dir: string;
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
}

/**
 * The request body as a Node stream. On the Node server the socket's request is read directly
 * (no web-stream round trip for a gigabyte); elsewhere (tests through `app.request`) the
 * Request's body stream.
 */
export function requestBody(c: Context<AppEnv>): Readable {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming instanceof Readable && !incoming.readableDidRead) return incoming;
  const body = c.req.raw.body;
  if (!body) return Readable.from([]);
  return Readable.fromWeb(body as WebReadableStream<Uint8Array>);
}

/**
 * Reads a multipart body: text fields into memory (small, limited), the `audio_file` part into a
 * new file in `dir`. A file over `maxFileBytes` is cut off and deleted; the rest of the body is
 * still read (and discarded) so the client gets the answer instead of a broken connection.
 * Any failure (client gone, malformed body) removes the partial file before rejecting.
 * @throws NotMultipartError when the body cannot be parsed as multipart at all.
 */
export async function receiveUpload(
  body: Readable,
  contentType: string,
  options: ReceiveOptions,
): Promise<ReceivedUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      fileHwm: FILE_BUFFER_BYTES,
      limits: {
        // busboy cuts a file off when it reaches this size: one byte more than allowed, so a
        // file of exactly the limit passes.
        fileSize: options.maxFileBytes + 1,
        files: 1,
        fields: 30,
        fieldSize: 64 * 1024,
        parts: 40,
      },
    });
  } catch (error) {
    throw new NotMultipartError(error);
  }
  await mkdir(options.dir, { recursive: true, mode: 0o700 });

  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let tooLarge = false;
  const writes: Promise<void>[] = [];
  const path = join(options.dir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);

  try {
    await new Promise<void>((resolve, reject) => {
      parser.on('field', (name, value) => {
        if (!(name in fields)) fields[name] = value;
      });
      parser.on('file', (name, stream, info) => {
        if (name !== AUDIO_FIELD || file) {
          stream.resume();
          return;
        }
        const received: ReceivedFile = {
          path,
          filename: info.filename ?? '',
          mimeType: info.mimeType,
          bytes: 0,
        };
        file = received;
        stream.once('limit', () => {
          tooLarge = true;
        });
        const sink = createWriteStream(path, { mode: 0o600, highWaterMark: FILE_BUFFER_BYTES });
        writes.push(
          pipeline(stream, sink).then(() => {
            received.bytes = sink.bytesWritten;
          }),
        );
      });
      parser.once('close', resolve);
      parser.once('error', reject);
      // The client went away mid-upload.
      body.once('error', reject);
      body.pipe(parser);
    });
    await Promise.all(writes);
  } catch (error) {
    body.unpipe(parser);
    await Promise.allSettled(writes);
    await rm(path, { force: true });
    // A parse failure before any part arrived means the body was never multipart.
    if (!file && Object.keys(fields).length === 0 && isMalformed(error)) {
      throw new NotMultipartError(error);
    }
    throw error;
  }
  if (tooLarge) {
    await rm(path, { force: true });
    return { fields, file: undefined, tooLarge: true };
  }
  return { fields, file, tooLarge: false };
}

function isMalformed(error: unknown): boolean {
  return error instanceof Error && /multipart|boundary|form/i.test(error.message);
}

/**
 * Removes temporary uploads older than `maxAgeMs`: files left by a process that died mid-upload.
 * Uploads in flight are younger (their name starts with their start time, and they are written
 * continuously), so the sweep never races a living upload.
 */
export async function sweepStaleUploads(
  dataDir: string,
  maxAgeMs = 6 * 3_600_000,
): Promise<number> {
  const dir = uploadTempDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > maxAgeMs) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}
