import {
  describeFailure,
  ErrorCode,
  isFailureText,
  type FailureContext,
  type FailureText,
  type FieldIssue,
} from '@protokoll/contract';
import { ApiError } from './api-error.ts';

/**
 * The one place the app turns a thrown error into what a screen shows (docs/errors.md): an
 * `ApiError` through the contract's `describeFailure` for its context; a `FailureText` that was
 * already made passes through; anything else (a bug, an aborted promise) is `internal`.
 */
export function toFailureText(error: unknown, context: FailureContext = 'generic'): FailureText {
  if (error instanceof ApiError) return describeFailure(context, error.failure);
  if (isFailureText(error)) return error;
  return { code: context === 'upload' ? ErrorCode.UPLOAD_FAILED : ErrorCode.INTERNAL };
}

/** Field issues of a 422 answer, for a screen's `fieldErrors`. */
export function toFieldIssues(error: unknown): FieldIssue[] | undefined {
  return error instanceof ApiError && error.status === 422 ? error.issues : undefined;
}

/**
 * A call a screen waits for (a dialog's spinner): its rejection becomes the `FailureText` the
 * screen shows, as screens expect of every promise they are handed.
 */
export function withFailureText<T>(work: Promise<T>, context?: FailureContext): Promise<T> {
  return work.catch((error: unknown) => {
    throw toFailureText(error, context);
  });
}
