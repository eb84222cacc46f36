// From a thrown error to the answer: the contract's ErrorBody, the status and headers that go with
// it, and what the log learns (docs/errors.md).
import { ErrorCode, type ErrorBody } from '@protokoll/contract';
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { Config } from '../config.ts';
import { isPoolTimeout } from '../lib/db-errors.ts';
import { ApiError, ErrorMessage, ServerBusyError, type HttpErrorStatus } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';
import type { AppEnv } from './context.ts';

/** `Retry-After` of a 429 or 503 that names no time of its own. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/**
 * The headers an error answer carries besides its body: `Retry-After` on every 429 and 503,
 * `Connection: close` when the body was left unread.
 */
export function errorHeaders(error: ApiError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.closeConnection) headers.Connection = 'close';
  if (error.status !== 429 && error.status !== 503) return headers;
  const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS));
  return { ...headers, 'Retry-After': String(seconds) };
}

/** Status-only exceptions (e.g. Hono's "Malformed JSON") mapped onto our codes. */
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return ErrorCode.NOT_AUTHENTICATED;
  if (status === 404) return ErrorCode.NOT_FOUND;
  if (status === 429) return ErrorCode.TOO_MANY_ATTEMPTS;
  return ErrorCode.INVALID_INPUT;
}

/** The ApiError an error thrown while answering stands for; undefined for an unexpected one. */
function toApiError(error: unknown, config: Config): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isPoolTimeout(error)) {
    return new ServerBusyError(
      'no free PostgreSQL connection in time',
      Math.max(1, Math.ceil(config.database.poolTimeoutMs / 1000)),
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    const status = error.status as HttpErrorStatus;
    return new ApiError(status, codeForStatus(status), error.message || 'Bad request');
  }
  return undefined;
}

/** A refusal that follows from how this server is set up (no payment provider), not a failure. */
export function isSetupRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === ErrorCode.PAYMENTS_DISABLED;
}

/** Writes `error` as the contract's ErrorBody with its headers. */
export function sendError(c: Context<AppEnv>, error: ApiError): Response {
  return c.json(errorBody(error, c.get('requestId')), error.status, errorHeaders(error));
}

export function errorBody(error: ApiError, requestId: string | undefined): ErrorBody {
  return {
    success: false,
    message: error.message,
    code: error.code,
    ...(requestId ? { requestId } : {}),
    ...(error.issues ? { issues: error.issues } : {}),
  };
}

/**
 * The app's `onError`: known refusals become their answer; anything else is logged with the
 * request's id and answered 500 without its details.
 */
export function answerError(config: Config, logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => {
    const known = toApiError(error, config);
    // Busy is expected under overload, payments off by configuration: the request's own log line
    // says enough.
    if (
      known &&
      (known.status < 500 || known instanceof ServerBusyError || isSetupRefusal(known))
    ) {
      return sendError(c, known);
    }
    // Unexpected (or deliberate 5xx): the details go to the log, never to the client.
    (c.var.logger ?? logger).error('request failed', {
      requestId: c.var.requestId,
      method: c.req.method,
      path: c.req.path,
      err: error,
    });
    return sendError(c, known ?? new ApiError(500, ErrorCode.INTERNAL, ErrorMessage.internal));
  };
}
