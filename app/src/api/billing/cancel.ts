import { PENDING_CHECKOUT_KEY } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/checkout/cancel

/**
 * Reports the pending checkout as cancelled (docs/billing.md#checkout) and forgets it; nothing to report without
 * one. Forgotten first, so a second report (a page shown twice) finds nothing to send.
 */
export async function cancelPendingCheckout(): Promise<void> {
  const sessionId = localStorage.getItem(PENDING_CHECKOUT_KEY);
  if (!sessionId) return;
  localStorage.removeItem(PENDING_CHECKOUT_KEY);
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.cancelCheckout, { body: { sessionId } });
}

/**
 * The report of a cancelled checkout. Its failure is not shown: nothing was bought, and Stripe
 * lets an abandoned session expire by itself.
 */
export function useCancelCheckout() {
  return useMutation({ mutationFn: cancelPendingCheckout });
}
