import type { endpoints, Minutes, Plan } from '@protokoll/contract';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../lib/http.ts';
import { keys } from '../lib/query-keys.ts';

/*
 * The account's balance and plan as queries, below both of their users: the session loads them
 * at sign-in with its own client (`createAppSession`), the pages through `loadSession()`
 * (`api/user/minutes.ts`, `api/user/plan.ts`). The caller says how the client is reached, so
 * this module imports neither of them.
 */

/** The loaded session's client and endpoints (`AppSession`), however the caller reaches them. */
export type SessionApi = () => Promise<{ client: ApiClient; endpoints: typeof endpoints }>;

/**
 * The balance. A failed load throws: the query keeps its error and the last balance it had, and
 * the screens say "not loaded" (docs/minutes.md#when-loading-fails).
 */
export async function fetchMinutesWith(api: SessionApi, signal?: AbortSignal): Promise<Minutes> {
  const { client, endpoints } = await api();
  const { minutes } = await client.call(endpoints.getMinutes, { signal });
  return minutes;
}

export function minutesQuery(api: SessionApi) {
  return queryOptions({
    queryKey: keys.minutes(),
    queryFn: ({ signal }) => fetchMinutesWith(api, signal),
    // What may be sent depends on the balance now: every page that shows it asks again.
    staleTime: 0,
    // One attempt per load (the API rule, docs/minutes.md#when-loading-fails): a failure shows at once. A busy answer's Retry-After
    // brings a new load (`useMinutes`).
    retry: false,
  });
}

/**
 * The current plan. A failed load throws: the query keeps its error and the last plan it had, and
 * the screens say "not loaded", never "Free" (docs/minutes.md#when-loading-fails).
 */
export async function fetchPlanWith(api: SessionApi, signal?: AbortSignal): Promise<Plan> {
  const { client, endpoints } = await api();
  const { plan } = await client.call(endpoints.getPlan, { signal });
  return plan;
}

export function planQuery(api: SessionApi) {
  return queryOptions({
    queryKey: keys.plan(),
    queryFn: ({ signal }) => fetchPlanWith(api, signal),
    // The dashboard shows the plan as it is now (a purchase in another tab shows on return).
    staleTime: 0,
    // One attempt per load (the API rule, docs/minutes.md#when-loading-fails); a busy answer's Retry-After brings a new load (`usePlan`).
    retry: false,
  });
}
