import type { Plan } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryState } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../keys.ts';
import { loadView, useRetryAfter } from '../load-view.ts';

// GET /api/user/plan

/**
 * The current plan. A failed load throws: the query keeps its error and the last plan it had, and
 * the screens say "not loaded", never "Free" (docs/minutes.md#when-loading-fails).
 */
export async function fetchPlan(signal?: AbortSignal): Promise<Plan> {
  const { client, endpoints } = await loadSession();
  const { plan } = await client.call(endpoints.getPlan, { signal });
  return plan;
}

export function planQueryOptions() {
  return queryOptions({
    queryKey: keys.plan(),
    queryFn: ({ signal }) => fetchPlan(signal),
    // The dashboard shows the plan as it is now (a purchase in another tab shows on return).
    staleTime: 0,
    // One attempt per load (the API rule, docs/minutes.md#when-loading-fails); a busy answer's Retry-After brings a new load (`usePlan`).
    retry: false,
  });
}

/**
 * The session's plan as the API rule has it: a failed load clears it (null). No screen shows that as
 * "no plan" or "Free" (they use `usePlan().view`).
 */
export function sessionPlan(
  state: Pick<QueryState<Plan>, 'status' | 'data'> | undefined,
): Plan | null | undefined {
  if (state?.status === 'error') return null;
  return state?.data;
}

/** The plan for a page: the query, and what its widgets may say (`view`). */
export function usePlan() {
  const query = useQuery(planQueryOptions());
  useRetryAfter(query);
  return { ...query, view: loadView(query) };
}
