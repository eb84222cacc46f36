import { HttpResponse } from 'msw';
import { ErrorCode, fieldIssues, type ErrorBody, type FieldIssue } from '@protokoll/contract';
import en from '../../../locales/en.json' with { type: 'json' };

const englishErrors: Record<string, string> = en.errors;

/** The English text of a message key (`noteTools.edit.noMatch`), as the server words a refusal. */
export function englishText(key: string): string {
  let node: unknown = en;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : key;
}

/**
 * An error answer in the server's one error body shape. Without a message the English text of
 * the code is used, as the server would write it.
 */
export function errorResponse(
  status: number,
  code: string,
  message: string = englishErrors[code] ?? code,
  issues?: FieldIssue[],
) {
  const body: ErrorBody = { success: false, code, message, ...(issues ? { issues } : {}) };
  return HttpResponse.json(body, { status });
}

/** 422 with the field issues of a failed contract parse. */
export function validationResponse(error: Parameters<typeof fieldIssues>[0]) {
  return errorResponse(
    422,
    ErrorCode.VALIDATION,
    englishErrors[ErrorCode.VALIDATION],
    fieldIssues(error),
  );
}

/** 401 "Not authenticated" (docs/sessions.md#tokens). */
export function notAuthenticated() {
  return errorResponse(401, ErrorCode.NOT_AUTHENTICATED);
}

/**
 * 404 for a missing id: the server never tells "not yours" from "not there"
 * (docs/product.md#ownership).
 */
export function notFound() {
  return errorResponse(404, ErrorCode.NOT_FOUND);
}

/**
 * 503 from a busy server, as its gate answers under load (docs/architecture.md#database-queue):
 * `Retry-After` says when to ask again.
 */
export function busyResponse(retryAfterSeconds: number) {
  const body: ErrorBody = {
    success: false,
    code: ErrorCode.SERVER,
    message: 'Server busy. Please try again shortly.',
  };
  return HttpResponse.json(body, {
    status: 503,
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/** Base64 of UTF-8 text, in browsers and Node alike. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
