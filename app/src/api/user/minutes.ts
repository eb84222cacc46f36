import { emptyMinutes, type Minutes } from '@protokoll/contract';
import { useQuery, type QueryClient, type QueryState } from '@tanstack/react-query';
import { fetchMinutesWith, minutesQuery } from '../../session/account-queries.ts';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { loadView, useRetryAfter } from '../load-view.ts';

// GET /api/user/minutes

/** The balance (`session/account-queries.ts`, where its load rules are). */
export function fetchMinutes(signal?: AbortSignal): Promise<Minutes> {
  return fetchMinutesWith(loadSession, signal);
}

export function minutesQueryOptions() {
  return minutesQuery(loadSession);
}

/**
 * The session's minutes as the API rule has them: the balance, and all-zero minutes with no active
 * plan once its load has failed. A fallback for logic that needs a number; no screen shows it in
 * place of "not known" (they use `useMinutes().view`).
 */
export function sessionMinutes(
  state: Pick<QueryState<Minutes>, 'status' | 'data'> | undefined,
): Minutes | undefined {
  if (state?.status === 'error') return emptyMinutes();
  return state?.data;
}

/** The balance for a page: the query, and what its widgets may say (`view`). */
export function useMinutes() {
  const query = useQuery(minutesQueryOptions());
  useRetryAfter(query);
  return { ...query, view: loadView(query) };
}

/** Loads the balance again after a change on the server (a reservation, a charge, a refund). */
export function reloadMinutes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.minutes(), refetchType: 'all' });
}
