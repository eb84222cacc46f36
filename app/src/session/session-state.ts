import type { FailureText, FieldIssue } from '@protokoll/contract';

/*
 * The session's state on its own, without the session's code: the entry chunk reads it for the
 * route guards and the first paint, before the session chunk (zod, schemas, client) has loaded.
 */

/**
 * Who is signed in, as far as the browser is concerned: the tokens and the signed-in flag, plus
 * the state of the session's own sign-in calls for the sign-in and registration forms. The
 * account's data (user, minutes, plan) is server state and lives in the query cache.
 */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** A sign-in, Google sign-in or registration is on its way. */
  isLoading: boolean;
  /** The text of the last failed sign-in, Google sign-in or registration. */
  error: FailureText | null;
  /** The field issues of that failure (a 422 answer), for the form. */
  fieldErrors: FieldIssue[] | null;
}

export const signedOut: SessionState = {
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  fieldErrors: null,
};
