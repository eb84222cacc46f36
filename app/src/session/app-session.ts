import {
  describeFailure,
  endpoints,
  type Endpoint,
  type FailureContext,
  type FailureText,
  type FieldIssue,
} from '@protokoll/contract';
import { ApiError } from '../lib/api-error.ts';
import { createApiClient, type ApiClient } from '../lib/http.ts';
import { createSession, type Session } from './session.ts';

export interface AppSession {
  session: Session;
  /** The API client with the session's token; a 401 triggers one refresh and one retry. */
  client: ApiClient;
  /**
   * The client's 401 rule for a call made outside it (the upload, which needs XMLHttpRequest for
   * its progress): `run` is called again after one shared refresh. It must read the token anew.
   */
  withRefresh: <T>(endpoint: Endpoint, run: () => Promise<T>) => Promise<T>;
  endpoints: typeof endpoints;
  /** The SPEC §8 text of a failed call; anything that is not an ApiError is a generic failure. */
  failureOf: (context: FailureContext, error: unknown) => FailureText;
  /** Field issues of a 422 answer, for a screen's `fieldErrors`. */
  issuesOf: (error: unknown) => FieldIssue[] | undefined;
}

function failureOf(context: FailureContext, error: unknown): FailureText {
  return error instanceof ApiError ? describeFailure(context, error.failure) : { code: 'internal' };
}

function issuesOf(error: unknown): FieldIssue[] | undefined {
  return error instanceof ApiError && error.status === 422 ? error.issues : undefined;
}

/**
 * The session with its API client, in a chunk of its own: it brings zod and the contract's
 * schemas, which the sign-in page loads after its first paint.
 */
export function createAppSession({ onSignedOut }: { onSignedOut: () => void }): AppSession {
  // `session` is assigned right below; the client reads the token at call time.
  // eslint-disable-next-line prefer-const
  let session: Session;
  const raw = createApiClient({
    baseUrl: import.meta.env.VITE_API_BASE ?? '',
    getToken: () => session.getState().token,
  });

  // Concurrent 401s share one refresh: a refresh token is single-use (rotated on the server).
  let refreshing: Promise<boolean> | null = null;
  const refreshOnce = () =>
    (refreshing ??= session.refresh().finally(() => {
      refreshing = null;
    }));

  async function withRefresh<T>(endpoint: Endpoint, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const expired =
        error instanceof ApiError &&
        error.status === 401 &&
        endpoint.auth === true &&
        session.getState().refreshToken !== null;
      if (!expired) throw error;
      // SPEC §4: a failed refresh clears the session; the user signs in again.
      if (!(await refreshOnce())) {
        onSignedOut();
        throw error;
      }
      return run();
    }
  }

  const client: ApiClient = {
    call: (endpoint, input) => withRefresh(endpoint, () => raw.call(endpoint, input)),
  };

  session = createSession({ client, storage: localStorage, onSignedOut });
  session.restore();
  return { session, client, withRefresh, endpoints, failureOf, issuesOf };
}
