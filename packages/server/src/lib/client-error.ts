import type { Duplex } from 'node:stream';
import { ErrorCode, type ErrorBody } from '@protokoll/contract';

/** Largest request head (request line and headers) the server reads; Node's default too. */
export const MAX_HEADER_BYTES = 16 * 1024;

const answers: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Request header fields too large',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    status: 413,
    reason: 'Payload Too Large',
    message: 'Request body too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', message: 'Request timeout' },
};
const badRequest = { status: 400, reason: 'Bad Request', message: 'Bad request' };

/** What Node keeps on a server socket: the response being written on it, if any. */
interface ServerSocket {
  _httpMessage?: { headersSent?: boolean } | null;
}

/**
 * Node's `clientError` answer for a request its HTTP parser refused before any handler ran
 * (headers over 16 KiB, a broken request line), in the one error body instead of Node's empty
 * one. Mirrors Node's own handling otherwise: write only when no answer is under way on the
 * socket (a kept-alive connection whose earlier answers are complete counts as free), then close.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as Duplex & ServerSocket)._httpMessage;
  const writable = socket.writable && !inFlight?.headersSent;
  if (error.code === 'ECONNRESET' || !writable) {
    socket.destroy();
    return;
  }
  const { status, reason, message } = answers[error.code ?? ''] ?? badRequest;
  const body: ErrorBody = { success: false, message, code: ErrorCode.INVALID_INPUT };
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      text,
    () => socket.destroy(),
  );
}
