import type { BillingSubscription } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/billing/subscription

/** The plan's source and the Stripe subscription behind it (docs/billing.md#calls). */
export async function fetchSubscription(signal?: AbortSignal): Promise<BillingSubscription> {
  const { client, endpoints } = await loadSession();
  const { subscription } = await client.call(endpoints.getSubscription, { signal });
  return subscription;
}

export function subscriptionQueryOptions() {
  return queryOptions({
    queryKey: keys.subscription(),
    queryFn: ({ signal }) => fetchSubscription(signal),
    // A change in the portal shows on return: every page that shows it asks again.
    staleTime: 0,
    retry: false,
  });
}

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
