// The multipart body of `POST /api/note`, streamed: the recording goes straight from the socket
// to a temporary file, never into memory, and the size limit is enforced while it flows. Every
// way an upload can end (complete, too large, client gone, body broken or stalled, disk full)
// settles the promise at once and leaves no file behind unless the upload is complete.
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { IncomingMessage } from 'node:http';
import { finished, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AUDIO_FIELD } from '../../domain/notes/refusals.ts';
import type { AppEnv } from '../../http/context.ts';
import { closedOf } from '../../lib/files.ts';
import { claimUploadPath } from '../../lib/upload-temp.ts';

/**
 * Buffers of the file path, above Node's 16 KiB default: a slow disk can fall behind the socket
 * for a moment without stopping it at once. Backpressure still bounds the memory an upload holds.
 */
const FILE_BUFFER_BYTES = 256 * 1024;

/** Room for the text fields and part headers around the file in a multipart body. */
export const MULTIPART_ENVELOPE_BYTES = 1024 * 1024;

export interface ReceivedFile {
  /** The temporary file; the caller moves or removes it. */
  path: string;
  /** The name the client sent in the part's header (not trusted for anything but display). */
  filename: string;
  mimeType: string;
  bytes: number;
  /** Ends the file's protection from the sweep; call once it has been moved or removed. */
  release(): void;
}

export interface ReceivedUpload {
  /** Text fields by name; a repeated field keeps its first value. */
  fields: Record<string, string>;
  /** Undefined when the body held no `audio_file` part, or when it was too large. */
  file: ReceivedFile | undefined;
  /** The body went over the limit: reading stopped there, and nothing of it was kept. */
  tooLarge: boolean;
}

/** The body is not multipart form data (or its header names no boundary). */
export class NotMultipartError extends Error {
  constructor(cause: unknown) {
    super('request body is not multipart/form-data', { cause });
    this.name = 'NotMultipartError';
  }
}

/** No byte arrived for `idleTimeoutMs` while the body was still incomplete. */
export class UploadIdleError extends Error {
  constructor(idleMs: number) {
    super(`no data for ${idleMs} ms`);
    this.name = 'UploadIdleError';
  }
}

export interface ReceiveOptions {
  /** Folder for the temporary file (created when missing). */
  dir: string;
  /** Largest file accepted, in bytes. */
  maxFileBytes: number;
  /** The upload ends when no byte arrives for this long (the server itself not holding it back). */
  idleTimeoutMs: number;
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
 * new file in `dir`. A body over the limit (`maxFileBytes` for the file, plus the envelope for
 * the whole body) stops being read at once: the file is deleted and `tooLarge` set. The socket's
 * rest is left to the HTTP server, which drains a little so the client can read the answer, then
 * hangs up. Any failure (client gone, length not as declared, malformed or stalled body, disk
 * error) removes the partial file before rejecting.
 * @throws NotMultipartError when the body cannot be parsed as multipart at all.
 * @throws UploadIdleError when the client stops sending.
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

  const claim = claimUploadPath(options.dir);
  const fields: Record<string, string> = {};
  let file: ReceivedFile | undefined;
  let sink: WriteStream | undefined;
  let write: Promise<void> | undefined;
  let tooLarge = false;
  const maxBodyBytes = options.maxFileBytes + MULTIPART_ENVELOPE_BYTES;
  let received = 0;
  let stopWatching = () => {};

  const outcome = new Promise<void>((resolve, reject) => {
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      stopWatching();
      if (error === undefined) resolve();
      else reject(error instanceof Error ? error : new Error(String(error)));
    };
    const over = () => {
      tooLarge = true;
      settle();
    };

    const idle = setTimeout(function check() {
      // Paused by backpressure: the disk is behind, not the client.
      if (body.readableFlowing === false) idle.refresh();
      else settle(new UploadIdleError(options.idleTimeoutMs));
    }, options.idleTimeoutMs);
    const onData = (chunk: Buffer) => {
      idle.refresh();
      received += chunk.length;
      // Text fields and skipped parts count too: no body is read beyond the limit.
      if (received > maxBodyBytes) over();
    };
    // Ends without `end`: the client went away, or the connection broke.
    const stopBody = finished(body, { writable: false }, (error) => {
      if (error) settle(error);
    });
    const bodyEnded = () => clearTimeout(idle);
    stopWatching = () => {
      clearTimeout(idle);
      body.off('data', onData);
      body.off('end', bodyEnded);
      stopBody();
    };
    body.on('data', onData);
    // What is left is the parser's and the disk's, not the client's.
    body.once('end', bodyEnded);

    parser.on('field', (name, value) => {
      if (!(name in fields)) fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      stream.once('limit', over);
      if (name !== AUDIO_FIELD || file) {
        // Skipped, but busboy still ends it with an error when the body breaks off: unheard,
        // that error would end the process.
        stream.on('error', () => {});
        stream.resume();
        return;
      }
      const part: ReceivedFile = {
        path: claim.path,
        filename: info.filename ?? '',
        mimeType: info.mimeType,
        bytes: 0,
        release: claim.release,
      };
      file = part;
      const out = createWriteStream(claim.path, { mode: 0o600, highWaterMark: FILE_BUFFER_BYTES });
      sink = out;
      write = pipeline(stream, out).then(() => {
        part.bytes = out.bytesWritten;
      });
      // A disk error ends the upload; so does the part ending early (settled elsewhere first).
      write.catch(settle);
    });
    parser.once('close', () => settle());
    // `on`, not `once`: destroying the parser in `discard` can emit a second error ("Unexpected
    // end of form") after the first one settled the upload; unheard, it would end the process.
    parser.on('error', settle);
    body.pipe(parser);
  });

  const discard = async () => {
    body.unpipe(parser);
    // The socket's request stays with the HTTP server (see above); any other body is cancelled.
    if (!(body instanceof IncomingMessage)) body.destroy();
    parser.destroy();
    await write?.catch(() => {});
    await closedOf(sink);
    await rm(claim.path, { force: true });
    claim.release();
  };

  try {
    await outcome;
    if (!tooLarge) await write;
  } catch (error) {
    await discard();
    // A parse failure before any part arrived means the body was never multipart.
    if (!file && Object.keys(fields).length === 0 && isMalformed(error)) {
      throw new NotMultipartError(error);
    }
    throw error;
  }
  if (tooLarge) {
    await discard();
    return { fields, file: undefined, tooLarge: true };
  }
  if (!file) claim.release();
  return { fields, file, tooLarge: false };
}

function isMalformed(error: unknown): boolean {
  return error instanceof Error && /multipart|boundary|form/i.test(error.message);
}
