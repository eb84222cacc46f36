import { endpoints, type Endpoint } from '@protokoll/contract';
import type { QueryClient } from '@tanstack/react-query';
import { keys } from '../lib/query-keys.ts';
import { ApiError } from '../lib/api-error.ts';
import { fetchWithFirstRequests } from '../lib/first-requests.ts';
import { createApiClient, type ApiClient } from '../lib/http.ts';
import { queryClient as appQueryClient } from '../lib/query-client.ts';
import { writeTimeZoneCookie } from '../lib/time-zone.ts';
import { minutesQuery, planQuery } from './account-queries.ts';
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
}

export interface AppSessionOptions {
  /** The session ended (logout, failed refresh, a 401 on the user data): on to /login. */
  onSignedOut: () => void;
  /** Where the account's data is cached; the app's one query client unless a test brings its own. */
  queryClient?: QueryClient;
}

/**
 * The session with its API client, in a chunk of its own: it brings zod, the contract's schemas
 * and the query cache, which the sign-in page loads after its first paint. The session and the
 * cache meet here: a sign-in seeds the user query with the answer's user and loads minutes and
 * plan; a refresh's user replaces the cached one; a cleared session empties the whole cache.
 */
export function createAppSession({
  onSignedOut,
  queryClient = appQueryClient,
}: AppSessionOptions): AppSession {
  // `session` is assigned right below; the client reads the token at call time.
  // eslint-disable-next-line prefer-const
  let session: Session;
  const raw = createApiClient({
    baseUrl: import.meta.env.VITE_API_BASE ?? '',
    getToken: () => session.getState().token,
    // A signed-in page's first data may have been asked for before this chunk loaded.
    fetch: fetchWithFirstRequests,
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
      // A failed refresh clears the session; the user signs in again. One cancelled because the
      // page is being left clears nothing, and nobody is sent anywhere.
      if (!(await refreshOnce())) {
        if (!session.getState().isAuthenticated) onSignedOut();
        throw error;
      }
      return run();
    }
  }

  const client: ApiClient = {
    call: (endpoint, input) => withRefresh(endpoint, () => raw.call(endpoint, input)),
  };
  session = createSession({
    client,
    storage: localStorage,
    onSignedOut,
    async onSignedIn(user) {
      queryClient.setQueryData(keys.user(), user);
      const api = async () => ({ client, endpoints });
      await Promise.all([
        queryClient.prefetchQuery(minutesQuery(api)),
        queryClient.prefetchQuery(planQuery(api)),
      ]);
    },
    onUserChanged: (user) => queryClient.setQueryData(keys.user(), user),
    // No data of the previous person may survive a sign-out (nor be refetched for the next).
    onCleared: () => queryClient.clear(),
  });
  session.restore();
  // Beside the auth cookie: the zone a page rendered with data writes its times in. Not on the
  // entry's path: the first `Intl.DateTimeFormat` of a page costs a long task on a slow phone.
  writeTimeZoneCookie();
  return { session, client, withRefresh, endpoints };
}

/** Storage that keeps nothing: a render on the server stores no session. */
const nothingStored: Storage = {
  length: 0,
  clear: () => undefined,
  getItem: () => null,
  key: () => null,
  removeItem: () => undefined,
  setItem: () => undefined,
};

/**
 * The session a signed-in page rendered on the server asks its data with
 * (docs/architecture.md#pages-rendered-with-data): the request's access token and the server's
 * own answers (`fetch`), nothing stored, no cookie, no refresh. A refused token fails the render,
 * and the browser renders the page as usual.
 */
export function createRenderSession(token: string, fetch: typeof globalThis.fetch): AppSession {
  const client = createApiClient({ baseUrl: '', getToken: () => token, fetch });
  const session = createSession({
    client,
    storage: nothingStored,
    cookie: { write: () => undefined, clear: () => undefined },
    isLeaving: () => false,
  });
  return { session, client, withRefresh: (_endpoint, run) => run(), endpoints };
}

/**
 * At start, a session restored from storage is checked with the server
 * (`GET /api/auth/validate`, 5 s; docs/sessions.md#stored-session): an expired token is refreshed
 * on the way, a rejected one or no answer in time clears the session, and the route guards take
 * over from there. Answers whether the session stands.
 */
export async function validateRestoredSession({ session }: AppSession): Promise<boolean> {
  if (!session.getState().isAuthenticated) return false;
  return session.validate();
}
