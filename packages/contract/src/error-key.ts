import type { ErrorCode } from './errors.ts';

// Apart from errors.ts: screens that only translate a code (the sign-in page) need this one
// line, not the code table and the failure mapping.

/** i18n key of an error code. */
export function errorKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}
