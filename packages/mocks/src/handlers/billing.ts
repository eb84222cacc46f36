import {
  endpoints,
  ErrorCode,
  LOCALE_PREFIX,
  type BillingInterval,
  type BillingSubscription,
  type PlanOffer,
} from '@protokoll/contract';
import { mockDb, type MockDb } from '../db.ts';
import {
  activeSubscription,
  cancelingSubscription,
  endedSubscription,
  freeSubscription,
  paymentsOffSubscription,
  pastDueSubscription,
} from '../fixtures/billing.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse, notFound } from '../respond.ts';

const e = endpoints;

/** A session id the status and cancel handlers know without a checkout started first. */
export const MOCK_CHECKOUT_SESSION_ID = 'cs_test_mock_protokoll';
/** The one promo code the mocks know, as the Stripe peer does (20 % off). */
export const MOCK_PROMO_CODE = 'FRUEHLING';

/** The subscription page's data: the bought subscription, or derived from the user's plan. */
function subscriptionOf(db: MockDb): BillingSubscription {
  if (!db.paymentsEnabled) return { ...paymentsOffSubscription, plan_id: db.plan.id };
  if (db.subscription) return db.subscription;
  if (db.plan.type === 'free') return freeSubscription;
  return { ...activeSubscription, plan_id: db.plan.id };
}

/**
 * A page of the app at the request's own origin, in the request's language: in mock mode there
 * is no Stripe, so its pages hand straight back to where Stripe would send the browser.
 */
function appPage(request: Request, path: string): string {
  const english = request.headers.get('Accept-Language')?.toLowerCase().startsWith('en');
  return new URL(`${english ? LOCALE_PREFIX.en : ''}${path}`, new URL(request.url).origin).href;
}

/** What paying does on the server: the plan, a fresh allowance and the subscription. */
function applyPurchase(db: MockDb, offer: PlanOffer, interval: BillingInterval): void {
  const minutes = offer.minutes_per_month;
  db.plan = { id: offer.id, name: offer.name, type: offer.type, features: offer.features };
  db.user = { ...db.user, planId: offer.id };
  db.minutes = {
    total: minutes ?? 0,
    used: 0,
    remaining: minutes ?? 1e15,
    running: 0,
    unlimited: minutes === null,
    has_active_plan: true,
  };
  const periodEnd = new Date();
  if (interval === 'year') periodEnd.setFullYear(periodEnd.getFullYear() + 1);
  else periodEnd.setMonth(periodEnd.getMonth() + 1);
  db.subscription = {
    ...activeSubscription,
    plan_id: offer.id,
    interval,
    current_period_end: periodEnd.toISOString(),
  };
}

/**
 * Handlers of the billing resource: checkout, its status, the portal, subscription and webhook.
 * A checkout completes on its first status read (there is no payment page to wait for) and
 * applies the plan as the server's webhook would.
 */
export function createBillingHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  return [
    handle(
      e.createCheckout,
      ({ body, request }) => {
        if (!db.paymentsEnabled) return errorResponse(503, ErrorCode.PAYMENTS_DISABLED);
        if (body.user_id !== db.user.id) return notFound();
        const plan = db.plans.find((p) => p.id === body.product_id);
        if (!plan || plan.type === 'free') return errorResponse(404, ErrorCode.PLAN_NOT_FOUND);
        if (db.subscription?.source === 'stripe') {
          return errorResponse(409, ErrorCode.SUBSCRIPTION_EXISTS);
        }
        if (body.promo_code && body.promo_code.toUpperCase() !== MOCK_PROMO_CODE) {
          return errorResponse(422, ErrorCode.VALIDATION, undefined, [
            { path: 'promo_code', message: 'validation.promoCodeUnknown' },
          ]);
        }
        const sessionId = `cs_test_mock_${db.checkouts.size + 1}`;
        db.checkouts.set(sessionId, {
          planId: plan.id,
          interval: body.interval,
          status: 'open',
        });
        return reply(e.createCheckout, {
          success: true,
          checkout_url: appPage(request, `/successful-purchase?session_id=${sessionId}`),
          session_id: sessionId,
        });
      },
      options,
    ),
    handle(
      e.checkoutStatus,
      ({ params }) => {
        if (params.sessionId === MOCK_CHECKOUT_SESSION_ID) {
          return reply(e.checkoutStatus, { success: true, status: 'complete' });
        }
        const checkout = db.checkouts.get(params.sessionId);
        if (!checkout) return notFound();
        if (checkout.status === 'open') {
          const offer = db.plans.find((p) => p.id === checkout.planId)!;
          applyPurchase(db, offer, checkout.interval);
          checkout.status = 'complete';
        }
        return reply(e.checkoutStatus, { success: true, status: checkout.status });
      },
      options,
    ),
    handle(
      e.cancelCheckout,
      ({ body }) => {
        const checkout = db.checkouts.get(body.sessionId);
        if (!checkout && body.sessionId !== MOCK_CHECKOUT_SESSION_ID) return notFound();
        if (checkout?.status === 'open') checkout.status = 'expired';
        return reply(e.cancelCheckout, { success: true, message: 'Checkout cancelled' });
      },
      options,
    ),
    handle(
      e.createPortalSession,
      ({ body, request }) => {
        if (!db.paymentsEnabled) return errorResponse(503, ErrorCode.PAYMENTS_DISABLED);
        if (body.user_id !== db.user.id) return notFound();
        if (!db.subscription && db.plan.type === 'free') {
          return errorResponse(400, ErrorCode.NO_STRIPE_CUSTOMER);
        }
        // The portal returns to the subscription page, as Stripe's does.
        return reply(e.createPortalSession, {
          success: true,
          url: appPage(request, '/settings/subscription'),
        });
      },
      options,
    ),
    handle(
      e.getSubscription,
      () => reply(e.getSubscription, { success: true, subscription: subscriptionOf(db) }),
      options,
    ),
    handle(e.stripeWebhook, () => reply(e.stripeWebhook, { received: true }), options),
  ];
}

export const billingHandlers = createBillingHandlers();

/** The subscription page shows `subscription`. */
const withSubscription = (subscription: BillingSubscription) => [
  handle(e.getSubscription, () => reply(e.getSubscription, { success: true, subscription })),
  ...billingHandlers,
];

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
      status >= 500
        ? ErrorCode.SERVER
        : status === 404
          ? ErrorCode.PLAN_NOT_FOUND
          : ErrorCode.CHECKOUT_FAILED,
    ),
    ...billingHandlers,
  ],
  /** The promo code is unknown to Stripe: 422 with the issue on `promo_code`. */
  unknownPromoCode: () => [
    handle(e.createCheckout, () =>
      errorResponse(422, ErrorCode.VALIDATION, undefined, [
        { path: 'promo_code', message: 'validation.promoCodeUnknown' },
      ]),
    ),
    ...billingHandlers,
  ],
  /** The user already has a subscription: changes happen in the portal. */
  subscriptionExists: () => [
    failWith(e.createCheckout, 409, ErrorCode.SUBSCRIPTION_EXISTS),
    ...billingHandlers,
  ],
  /** A subscriber: active Pro (yearly) with a portal. */
  subscriber: () => [
    handle(e.createPortalSession, ({ request }) =>
      reply(e.createPortalSession, {
        success: true,
        url: appPage(request, '/settings/subscription'),
      }),
    ),
    ...withSubscription(activeSubscription),
  ],
  /** Cancelled at period end: the page shows the end date. */
  canceling: () => withSubscription(cancelingSubscription),
  /** The last payment failed. */
  pastDue: () => withSubscription(pastDueSubscription),
  /** The subscription ended; back on Free. */
  ended: () => withSubscription(endedSubscription),
  /** The subscription page shows `subscription` (any state). */
  subscription: (subscription: BillingSubscription) => withSubscription(subscription),
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
    failWith(e.checkoutStatus, 503, ErrorCode.PAYMENTS_DISABLED),
    failWith(e.cancelCheckout, 503, ErrorCode.PAYMENTS_DISABLED),
    ...withSubscription(paymentsOffSubscription),
  ],
  slow: (ms = 3_000) => createBillingHandlers(mockDb, { latency: ms }),
};
