import { emptyMinutes, type Minutes } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../keys.ts';

// GET /api/user/minutes

/** The balance; a failed load reads as all-zero minutes with no active plan (docs/minutes.md). */
export async function fetchMinutes(signal?: AbortSignal): Promise<Minutes> {
  const { client, endpoints } = await loadSession();
  try {
    const { minutes } = await client.call(endpoints.getMinutes, { signal });
    return minutes;
  } catch (error) {
    // A cancelled load is no answer: the cache keeps what it had.
    if (signal?.aborted) throw error;
    return emptyMinutes();
  }
}

export function minutesQueryOptions() {
  return queryOptions({
    queryKey: keys.minutes(),
    queryFn: ({ signal }) => fetchMinutes(signal),
    // What may be sent depends on the balance now: every page that shows it asks again.
    staleTime: 0,
    retry: false,
  });
}

export function useMinutes() {
  return useQuery(minutesQueryOptions());
}

/** Loads the balance again after a change on the server (a reservation, a charge, a refund). */
export function reloadMinutes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.minutes(), refetchType: 'all' });
}
