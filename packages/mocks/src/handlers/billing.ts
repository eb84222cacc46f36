import { endpoints, ErrorCode } from '@protokoll/contract';
import { mockDb, type MockDb } from '../db.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse } from '../respond.ts';

const e = endpoints;

export const MOCK_CHECKOUT_SESSION_ID = 'cs_test_mock_protokoll';
export const MOCK_CHECKOUT_URL = `https://checkout.stripe.com/c/pay/${MOCK_CHECKOUT_SESSION_ID}`;
export const MOCK_PORTAL_URL = 'https://billing.stripe.com/p/session/test_mock_protokoll';

/** Handlers of the billing resource: checkout, its status, the portal and the webhook. */
export function createBillingHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  return [
    handle(
      e.createCheckout,
      ({ body }) => {
        if (!db.paymentsEnabled) return errorResponse(503, ErrorCode.PAYMENTS_DISABLED);
        const plan = db.plans.find((p) => p.id === body.product_id);
        if (!plan || plan.type === 'free') return errorResponse(404, ErrorCode.PLAN_NOT_FOUND);
        return reply(e.createCheckout, {
          success: true,
          checkout_url: MOCK_CHECKOUT_URL,
          session_id: MOCK_CHECKOUT_SESSION_ID,
        });
      },
      options,
    ),
    handle(
      e.checkoutStatus,
      () => reply(e.checkoutStatus, { success: true, status: 'complete' }),
      options,
    ),
    handle(e.cancelCheckout, () => reply(e.cancelCheckout, { success: true }), options),
    handle(
      e.createPortalSession,
      () =>
        db.plan.type === 'free'
          ? errorResponse(400, ErrorCode.NO_STRIPE_CUSTOMER)
          : reply(e.createPortalSession, { success: true, url: MOCK_PORTAL_URL }),
      options,
    ),
    handle(e.stripeWebhook, () => reply(e.stripeWebhook, { received: true }), options),
  ];
}

export const billingHandlers = createBillingHandlers();

/** Named billing scenarios (the `billing` key). */
export const billing = {
  default: () => billingHandlers,
  /** The checkout session has not completed yet: /successful-purchase keeps waiting. */
  pending: () => [
    handle(e.checkoutStatus, () => reply(e.checkoutStatus, { success: true, status: 'open' })),
    ...billingHandlers,
  ],
  expired: () => [
    handle(e.checkoutStatus, () => reply(e.checkoutStatus, { success: true, status: 'expired' })),
    ...billingHandlers,
  ],
  /** Starting a checkout fails with `status` (404 plan, 401 auth, 5xx server). */
  checkoutFailing: (status = 500) => [
    failWith(
      e.createCheckout,
      status,
      status >= 500 ? ErrorCode.SERVER : ErrorCode.CHECKOUT_FAILED,
    ),
    ...billingHandlers,
  ],
  /** A subscriber opens the portal. */
  subscriber: () => [
    handle(e.createPortalSession, () =>
      reply(e.createPortalSession, { success: true, url: MOCK_PORTAL_URL }),
    ),
    ...billingHandlers,
  ],
  /** Opening the portal fails with `status` (400: no Stripe customer). */
  portalFailing: (status = 500) => [
    failWith(
      e.createPortalSession,
      status,
      status === 400 ? ErrorCode.NO_STRIPE_CUSTOMER : ErrorCode.PORTAL_FAILED,
    ),
    ...billingHandlers,
  ],
  /** No payment provider configured. */
  paymentsDisabled: () => [
    failWith(e.createCheckout, 503, ErrorCode.PAYMENTS_DISABLED),
    failWith(e.createPortalSession, 503, ErrorCode.PAYMENTS_DISABLED),
    ...billingHandlers,
  ],
  slow: (ms = 3_000) => createBillingHandlers(mockDb, { latency: ms }),
};
