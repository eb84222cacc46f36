import type { PlansResponse } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../session/session-context.ts';

/*
 * `GET /api/plans`: the public plan catalogue (PRODUCT.md "Plans"), with what a plan allows per
 * recording and what it costs.
 */

export const planKeys = {
  all: ['plans'] as const,
};

export async function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.listPlans, { signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: planKeys.all,
    queryFn: ({ signal }) => fetchPlans(signal),
    // The catalogue changes with the server's configuration only.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The plan catalogue and whether payments are possible. */
export function usePlans() {
  return useQuery(plansQueryOptions());
}
