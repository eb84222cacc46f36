import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ErrorCode } from '@protokoll/contract';
import type { Context } from 'hono';
import type { Recording } from '../../domain/notes/recording.ts';
import type { AppEnv } from '../../http/context.ts';
import { errorBody } from '../../http/errors.ts';
import { ApiError } from '../../lib/errors.ts';
import { parseRange } from './range.ts';

/**
 * A recording, streamed from storage (never read whole), with HTTP Range so players can seek and
 * downloads resume: 206 with Content-Range for a satisfiable range, 416 for one beyond the end,
 * 200 otherwise. `If-Range` with a stale validator gets the whole file, as RFC 9110 asks.
 */
export async function streamRecording(
  c: Context<AppEnv>,
  recording: Recording,
  disposition: string,
): Promise<Response> {
  const { size } = recording;
  const etag = `"${size.toString(16)}-${recording.modifiedAt.getTime().toString(16)}"`;
  const lastModified = recording.modifiedAt.toUTCString();
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    'Last-Modified': lastModified,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': disposition,
  });

  const ifRange = c.req.header('If-Range');
  const request =
    ifRange && ifRange !== etag && ifRange !== lastModified
      ? ({ kind: 'full' } as const)
      : parseRange(c.req.header('Range'), size);

  if (request.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.set('Content-Type', 'application/json');
    const error = new ApiError(416, ErrorCode.INVALID_INPUT, 'Range Not Satisfiable');
    return new Response(JSON.stringify(errorBody(error, c.var.requestId)), {
      status: 416,
      headers,
    });
  }

  const range = request.kind === 'partial' ? request.range : undefined;
  const status = range ? 206 : 200;
  headers.set('Content-Type', recording.contentType ?? 'application/octet-stream');
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  // Hono answers HEAD with this handler and drops the body unread: opening the file would leak it.
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const stream = await recording.open(range);
  const body = Readable.toWeb(stream) as WebReadableStream<Uint8Array>;
  return new Response(body as unknown as ReadableStream<Uint8Array>, { status, headers });
}
