import { ErrorCode, type FieldIssue } from '@protokoll/contract';
import type { ZodError } from 'zod';

/** The client and server error statuses an answer may carry (4xx, 5xx). */
// prettier-ignore
export type HttpErrorStatus =
  | 400 | 401 | 402 | 403 | 404 | 405 | 406 | 407 | 408 | 409 | 410 | 411 | 412 | 413 | 414 | 415
  | 416 | 417 | 418 | 421 | 422 | 423 | 424 | 425 | 426 | 428 | 429 | 431 | 451
  | 500 | 501 | 502 | 503 | 504 | 505 | 506 | 507 | 508 | 510 | 511;

/**
 * The one error handlers and domain code throw; `onError` (http/errors.ts) turns it into the
 * contract's ErrorBody.
 */
export class ApiError extends Error {
  readonly status: HttpErrorStatus;
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;
  /** Seconds until a retry may succeed: the `Retry-After` of a 429 or 503. */
  readonly retryAfterSeconds: number | undefined;
  /**
   * The request's body is left unread: the answer says `Connection: close`, so the client opens
   * a new connection for its next request instead of reusing one the server is about to drop.
   */
  readonly closeConnection: boolean;

  constructor(
    status: HttpErrorStatus,
    code: ErrorCode,
    message: string,
    issues?: FieldIssue[],
    options: { retryAfterSeconds?: number; closeConnection?: boolean } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.closeConnection = options.closeConnection ?? false;
  }
}

/**
 * 503 `server` because the database has no room right now (a full PGlite queue, no free
 * PostgreSQL connection in time): expected under overload, answered with `Retry-After`, and not
 * logged as a failure beyond the request's own line. The request has written nothing.
 */
export class ServerBusyError extends ApiError {
  /** For the log: which bound refused the request. */
  readonly reason: string;

  constructor(reason: string, retryAfterSeconds: number) {
    super(503, ErrorCode.SERVER, ErrorMessage.busy, undefined, { retryAfterSeconds });
    this.name = 'ServerBusyError';
    this.reason = reason;
  }
}

/** Client-facing texts; the client shows its own translation of `code`. */
export const ErrorMessage = {
  validation: 'Invalid input data',
  notFound: 'Not found',
  internal: 'Server error. Please try again later.',
  busy: 'Server busy. Please try again shortly.',
} as const;

export function toFieldIssues(error: ZodError): FieldIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.'),
    message: issue.message,
  }));
}

export function validationError(error: ZodError): ApiError {
  return new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, toFieldIssues(error));
}

export const NOT_AUTHENTICATED_MESSAGE = 'Not authenticated';

/** 401: no valid access token, or its session or account is gone. */
export function notAuthenticated(): ApiError {
  return new ApiError(401, ErrorCode.NOT_AUTHENTICATED, NOT_AUTHENTICATED_MESSAGE);
}

export function notFoundError(message: string = ErrorMessage.notFound): ApiError {
  return new ApiError(404, ErrorCode.NOT_FOUND, message);
}
