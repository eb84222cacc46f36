import type { User } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { loadSession, useSessionState } from '../../session/session-context.ts';
import { readStoredSession } from '../../session/stored-session.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/user

/**
 * The user; a 401 (the client's one refresh did not help) ends the session and leads to /login
 * (docs/sessions.md). A fresh answer is also kept in the stored session for the next start.
 */
export async function fetchUser(signal?: AbortSignal): Promise<User> {
  const { client, endpoints, session } = await loadSession();
  try {
    const { user } = await client.call(endpoints.getUser, { signal });
    session.rememberUser(user);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && session.getState().isAuthenticated) {
      session.end();
    }
    throw error;
  }
}

/** The stored session; none while prerendering, outside a browser. */
const storedSession = () =>
  typeof localStorage === 'undefined' ? null : readStoredSession(localStorage);

export function userQueryOptions() {
  return queryOptions({
    queryKey: keys.user(),
    queryFn: ({ signal }) => fetchUser(signal),
    // The stored session holds the user of the last sign-in or answer: the shell paints it at
    // once and the query asks the server again.
    initialData: () => storedSession()?.user,
    initialDataUpdatedAt: () => storedSession()?.savedAt,
    // The API client already applies the contract's retries.
    retry: false,
  });
}

/** The signed-in person; nothing is asked while signed out. */
export function useUser() {
  const { isAuthenticated } = useSessionState();
  return useQuery({ ...userQueryOptions(), enabled: isAuthenticated });
}

/**
 * Loads the user data again after something changed it on the server (a note transcribed,
 * deleted or moved; the profile saved). Its failure never fails what caused it.
 */
export function refreshUserData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.user(), refetchType: 'all' });
}
