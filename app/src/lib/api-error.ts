import { ErrorCode, type Failure, type FieldIssue } from '@protokoll/contract';

export type ApiErrorKind = Failure['kind'];

/**
 * The one error the HTTP client throws. `kind` says what failed (timeout, offline, an HTTP
 * status, or an answer that broke the contract); `failure` feeds `describeFailure`
 * (docs/errors.md#texts-by-context).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, or 0 when no answer arrived. */
    readonly status: number,
    /** The server's error code, or the kind when there was no answer. */
    readonly code: string,
    message: string,
    readonly issues?: FieldIssue[],
    /** The answer's `Retry-After` in milliseconds (a 429 or 503), when it sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }

  get failure(): Failure {
    if (this.kind === 'http') {
      return { kind: 'http', status: this.status, code: this.code, message: this.message };
    }
    return { kind: this.kind };
  }
}

/**
 * Whether a mailed link's token was refused (unknown, used, expired or malformed): the link's
 * fault, shown as "link invalid", not as a form error.
 */
export function isRejectedLink(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === ErrorCode.INVALID_TOKEN ||
      (error.issues ?? []).some((issue) => issue.path === 'token'))
  );
}
