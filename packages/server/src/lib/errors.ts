import { ErrorCode, type ErrorBody, type FieldIssue } from '@protokoll/contract';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** The one error handlers throw; `onError` turns it into the contract's ErrorBody. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly issues: FieldIssue[] | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    issues?: FieldIssue[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

/** Client-facing texts; the client shows its own translation of `code`. */
export const ErrorMessage = {
  validation: 'Invalid input data',
  notFound: 'Not found',
  internal: 'Server error. Please try again later.',
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

export function notFoundError(message: string = ErrorMessage.notFound): ApiError {
  return new ApiError(404, ErrorCode.NOT_FOUND, message);
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
