import { emptyMinutes, type Minutes } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient, type QueryState } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../keys.ts';
import { loadView, useRetryAfter } from '../load-view.ts';

// GET /api/user/minutes

/**
 * The balance. A failed load throws: the query keeps its error and the last balance it had, and
 * the screens say "not loaded" (docs/minutes.md#when-loading-fails).
 */
export async function fetchMinutes(signal?: AbortSignal): Promise<Minutes> {
  const { client, endpoints } = await loadSession();
  const { minutes } = await client.call(endpoints.getMinutes, { signal });
  return minutes;
}

export function minutesQueryOptions() {
  return queryOptions({
    queryKey: keys.minutes(),
    queryFn: ({ signal }) => fetchMinutes(signal),
    // What may be sent depends on the balance now: every page that shows it asks again.
    staleTime: 0,
    // One attempt per load (the API rule, docs/minutes.md#when-loading-fails): a failure shows at once. A busy answer's Retry-After
    // brings a new load (`useMinutes`).
    retry: false,
  });
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
