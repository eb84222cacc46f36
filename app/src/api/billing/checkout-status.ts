import { PENDING_CHECKOUT_KEY, type CheckoutStatus } from '@protokoll/contract';
import {
  queryOptions,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/checkout/status/{sessionId}

/** How often an open checkout is asked for again. */
export const CHECKOUT_POLL_MS = 2_000;
/**
 * How long /successful-purchase waits for `complete` before it says the wait is long. Stripe's
 * events usually arrive within seconds; a minute covers a slow delivery.
 */
export const CHECKOUT_MAX_WAIT_MS = 60_000;
const MAX_READS = CHECKOUT_MAX_WAIT_MS / CHECKOUT_POLL_MS;

export async function fetchCheckoutStatus(
  sessionId: string,
  signal?: AbortSignal,
): Promise<CheckoutStatus> {
  const { client, endpoints } = await loadSession();
  const { status } = await client.call(endpoints.checkoutStatus, { params: { sessionId }, signal });
  return status;
}

type StatusQuery = Pick<Query<CheckoutStatus>, 'state'>;

/** Open, and asked fewer times than the page waits for. */
function keepsWaiting({ state }: StatusQuery): boolean {
  return state.data === 'open' && state.dataUpdateCount < MAX_READS;
}

/** Still open after the whole wait: the page says so and offers to check again. */
export function waitedTooLong({ state }: StatusQuery): boolean {
  return state.data === 'open' && state.dataUpdateCount >= MAX_READS;
}

export function checkoutStatusQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: keys.checkout.status(sessionId),
    queryFn: ({ signal }) => fetchCheckoutStatus(sessionId, signal),
    // Only `open` is asked again; a failed read stops the wait (the page offers a retry).
    refetchInterval: (query) => (keepsWaiting(query) ? CHECKOUT_POLL_MS : false),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
  });
}

/**
 * docs/billing.md#checkout: a complete checkout is no longer pending, and the plan it bought shows everywhere:
 * user, minutes, plan and subscription load again. An expired one is not pending either.
 */
export function settleCheckout(
  queryClient: QueryClient,
  sessionId: string,
  status: CheckoutStatus,
): Promise<void> {
  if (status === 'open') return Promise.resolve();
  if (localStorage.getItem(PENDING_CHECKOUT_KEY) === sessionId) {
    localStorage.removeItem(PENDING_CHECKOUT_KEY);
  }
  if (status !== 'complete') return Promise.resolve();
  return Promise.all(
    [keys.user(), keys.minutes(), keys.plan(), keys.subscription()].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey, refetchType: 'all' }),
    ),
  ).then(() => undefined);
}

/**
 * The checkout's status, asked every 2 s while it is open, for up to a minute; settled as docs/billing.md#checkout
 * says once it is complete or expired. `retry` starts the wait afresh.
 */
export function useCheckoutStatus(sessionId: string | null) {
  const queryClient = useQueryClient();
  const key = keys.checkout.status(sessionId ?? '');
  const query = useQuery({
    ...checkoutStatusQueryOptions(sessionId ?? ''),
    enabled: sessionId !== null,
    // Every answer counts towards the wait, also an `open` like the one before.
    notifyOnChangeProps: 'all',
  });
  const status = query.data;
  useEffect(() => {
    if (sessionId && status) void settleCheckout(queryClient, sessionId, status);
  }, [queryClient, sessionId, status]);
  const state = queryClient.getQueryState<CheckoutStatus>(key);
  return {
    query,
    slow: state ? waitedTooLong({ state }) : false,
    retry: () => void queryClient.resetQueries({ queryKey: key }),
  };
}
