import {
  PENDING_CHECKOUT_KEY,
  type BillingInterval,
  type Locale,
  type User,
} from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-error.ts';
import { leaveFor } from '../../lib/leave.ts';
import { loadSession } from '../../session/session-context.ts';

// POST /api/stripe/checkout

export interface CheckoutRequest {
  product_id: string;
  interval: BillingInterval;
  promo_code?: string | undefined;
  /** The buyer: the server takes only the caller's own id (docs/billing.md#calls). */
  user: Pick<User, 'id' | 'email'>;
  /** The plan the user is on now, for the checkout's metadata. */
  currentPlanId: string;
  /** The interface language: Stripe's page and the return address follow it. */
  locale: Locale;
}

/** The multipart body (docs/billing.md#calls); `metadata` travels as a JSON text field. */
export function toCheckoutForm(request: CheckoutRequest): FormData {
  const form = new FormData();
  form.set('product_id', request.product_id);
  form.set('interval', request.interval);
  form.set('user_id', String(request.user.id));
  if (request.promo_code) form.set('promo_code', request.promo_code);
  form.set(
    'metadata',
    JSON.stringify({ email: request.user.email, current_plan: request.currentPlanId }),
  );
  return form;
}

export interface CheckoutSession {
  checkoutUrl: string;
  sessionId: string;
}

/**
 * Creates the hosted checkout and keeps its id under `pending_checkout_session` (docs/billing.md#checkout), where
 * /successful-purchase and a cancelled return find it.
 */
export async function startCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
  const { client, endpoints } = await loadSession();
  const answer = await client.call(endpoints.createCheckout, {
    body: toCheckoutForm(request),
    headers: { 'Accept-Language': request.locale },
  });
  if (!answer.checkout_url || !answer.session_id) {
    throw new ApiError('invalid-response', 200, 'invalid-response', 'createCheckout: no session');
  }
  localStorage.setItem(PENDING_CHECKOUT_KEY, answer.session_id);
  return { checkoutUrl: answer.checkout_url, sessionId: answer.session_id };
}

/** Starts a checkout and goes to Stripe's page; the mutation stays successful while it leaves. */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: ({ checkoutUrl }) => leaveFor(checkoutUrl),
  });
}
