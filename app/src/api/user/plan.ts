import type { Plan } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../keys.ts';

// GET /api/user/plan

/** The current plan; a failed load reads as no plan (docs/minutes.md#when-loading-fails). */
export async function fetchPlan(signal?: AbortSignal): Promise<Plan | null> {
  const { client, endpoints } = await loadSession();
  try {
    const { plan } = await client.call(endpoints.getPlan, { signal });
    return plan;
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export function planQueryOptions() {
  return queryOptions({
    queryKey: keys.plan(),
    queryFn: ({ signal }) => fetchPlan(signal),
    // The dashboard shows the plan as it is now (a purchase in another tab shows on return).
    staleTime: 0,
    retry: false,
  });
}

export function usePlan() {
  return useQuery(planQueryOptions());
}
