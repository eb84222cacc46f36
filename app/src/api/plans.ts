import type { PlansResponse } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../session/session-context.ts';
import { keys } from '../lib/query-keys.ts';

/*
 * `GET /api/plans`: the public plan catalogue (docs/minutes.md#plans), with what a plan allows per
 * recording and what it costs.
 */

export async function fetchPlans(signal?: AbortSignal): Promise<PlansResponse> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.listPlans, { signal });
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: keys.plans(),
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
