import {
  ErrorCode,
  FREE_PLAN_TYPE,
  LOCALE_PREFIX,
  type BillingInterval,
  type CheckoutStatus,
  type Locale,
} from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import { checkoutSessions, subscriptions, type User } from '../../db/schema.ts';
import { ApiError, ErrorMessage, notFoundError } from '../../lib/errors.ts';
import { planById } from '../plans.ts';
import { PaymentsError, type Payments } from '../../providers/payments/index.ts';
import { requirePayments, viaProvider, type BillingDeps } from './deps.ts';
import { subscriptionEntitles } from './periods.ts';

/** Where the user's browser comes back to: the web app's address and the user's language. */
export interface ReturnTo {
  /** PUBLIC_URL, or the address the request came to. No trailing slash. */
  baseUrl: string;
  locale: Locale;
}

/** A page of the web app in the user's language (`/en/buy` for English). */
export function appUrl(returnTo: ReturnTo, path: string): string {
  return `${returnTo.baseUrl}${LOCALE_PREFIX[returnTo.locale]}${path}`;
}

export function planNotFound(): ApiError {
  return new ApiError(404, ErrorCode.PLAN_NOT_FOUND, 'Plan not found');
}

/** The customer of the user: the one created before, or a new one (created once, reused). */
async function customerOf(
  deps: BillingDeps,
  payments: Payments,
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'createdAt'>,
): Promise<string> {
  const [row] = await deps.db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (row) return row.customerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined;
  // Two checkouts started at once ask Stripe with the same key and get the same customer back.
  const customer = await viaProvider(() =>
    payments.createCustomer({
      email: user.email,
      name,
      userId: user.id,
      idempotencyKey: `protokoll-customer-${user.id}-${user.createdAt.getTime()}`,
    }),
  );
  await deps.db
    .insert(subscriptions)
    .values({ userId: user.id, customerId: customer.id })
    .onConflictDoNothing();
  const [saved] = await deps.db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  return saved?.customerId ?? customer.id;
}

export interface CheckoutRequest {
  user: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'createdAt' | 'planId'>;
  planId: string;
  interval: BillingInterval;
  promoCode: string | undefined;
  returnTo: ReturnTo;
}

/**
 * Starts Stripe's hosted checkout for a plan (docs/billing.md#checkout). Nothing changes for the
 * user here: the plan changes when Stripe's events arrive.
 * @throws ApiError 404 planNotFound, 409 subscriptionExists, 422 for an unknown promotion code,
 *   502/503 when Stripe fails, 503 paymentsDisabled
 */
export async function startCheckout(
  deps: BillingDeps,
  request: CheckoutRequest,
): Promise<{ sessionId: string; url: string }> {
  const payments = requirePayments(deps);
  const { user, interval } = request;
  const plan = planById(request.planId);
  const price = interval === 'month' ? plan.price_month : plan.price_year;
  if (plan.id !== request.planId || plan.type === FREE_PLAN_TYPE || !price) throw planNotFound();

  const [existing] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, user.id));
  if (subscriptionEntitles(existing)) {
    // A second subscription would bill twice; plan changes happen in the portal.
    throw new ApiError(
      409,
      ErrorCode.SUBSCRIPTION_EXISTS,
      'You already have a subscription: change it in the customer portal',
    );
  }

  const lookupKey = payments.lookupKey(plan.id, interval);
  const [stripePrice, promotion] = await viaProvider(() =>
    Promise.all([
      payments.findPrice(lookupKey),
      request.promoCode ? payments.findPromotionCode(request.promoCode) : undefined,
    ]),
  );
  if (!stripePrice) {
    deps.logger.warn('no active Stripe price for a plan', { lookupKey });
    throw planNotFound();
  }
  if (request.promoCode && !promotion) {
    throw new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, [
      { path: 'promo_code', message: 'validation.promoCodeUnknown' },
    ]);
  }

  const customerId = await customerOf(deps, payments, user);
  const session = await viaProvider(() =>
    payments.createCheckoutSession({
      customerId,
      priceId: stripePrice.id,
      userId: user.id,
      promotionCodeId: promotion?.id,
      // Stripe fills in the session id; the page polls its status with it.
      successUrl: `${appUrl(request.returnTo, '/successful-purchase')}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${appUrl(request.returnTo, '/buy')}?checkout=cancelled`,
      locale: request.returnTo.locale,
      metadata: {
        user_id: String(user.id),
        email: user.email,
        current_plan: user.planId,
        plan_id: plan.id,
        interval,
      },
    }),
  );
  if (!session.url) {
    throw new ApiError(502, ErrorCode.SERVER, ErrorMessage.internal);
  }
  await deps.db
    .insert(checkoutSessions)
    .values({ id: session.id, userId: user.id, planId: plan.id, interval })
    .onConflictDoNothing();
  deps.logger.info('checkout started', { userId: user.id, plan: plan.id, interval });
  return { sessionId: session.id, url: session.url };
}

async function ownSession(deps: BillingDeps, userId: number, sessionId: string) {
  const [row] = await deps.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.userId, userId)));
  // Someone else's session is as unknown as one that never existed.
  if (!row) throw notFoundError();
  return row;
}

/**
 * The state of one of the user's checkouts. `complete` only once the payment events changed the
 * plan (so the page that waits for it reloads a plan that is there); `expired` as soon as Stripe
 * says so.
 * @throws ApiError 404 for a session the user did not start
 */
export async function checkoutStatus(
  deps: BillingDeps,
  userId: number,
  sessionId: string,
): Promise<CheckoutStatus> {
  const payments = requirePayments(deps);
  const row = await ownSession(deps, userId, sessionId);
  if (row.status !== 'open') return row.status;
  const session = await viaProvider(() => payments.retrieveCheckoutSession(sessionId));
  if (session.status !== 'expired') return 'open';
  await deps.db
    .update(checkoutSessions)
    .set({ status: 'expired' })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
  return 'expired';
}

/**
 * The user left the hosted checkout: the session is expired at Stripe, so its link cannot be paid
 * later by accident. A session that was paid meanwhile stays paid.
 * @throws ApiError 404 for a session the user did not start
 */
export async function cancelCheckout(
  deps: BillingDeps,
  userId: number,
  sessionId: string,
): Promise<CheckoutStatus> {
  const payments = requirePayments(deps);
  const row = await ownSession(deps, userId, sessionId);
  if (row.status !== 'open') return row.status;
  const session = await viaProvider(async () => {
    const current = await payments.retrieveCheckoutSession(sessionId);
    if (current.status !== 'open') return current;
    try {
      return await payments.expireCheckoutSession(sessionId);
    } catch (error) {
      // Paid in the moment between the two calls: Stripe refuses to expire it.
      if (error instanceof PaymentsError && error.reason === 'failed') {
        return payments.retrieveCheckoutSession(sessionId);
      }
      throw error;
    }
  });
  if (session.status === 'expired') {
    await deps.db
      .update(checkoutSessions)
      .set({ status: 'expired' })
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
    deps.logger.info('checkout cancelled', { userId });
    return 'expired';
  }
  return 'open';
}

/**
 * A customer portal session, where the user changes or cancels the subscription and updates the
 * card; it returns to the subscription page.
 * @throws ApiError 400 noStripeCustomer before the user's first checkout
 */
export async function openPortal(
  deps: BillingDeps,
  userId: number,
  returnTo: ReturnTo,
): Promise<string> {
  const payments = requirePayments(deps);
  const [row] = await deps.db
    .select({ customerId: subscriptions.customerId })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));
  if (!row) {
    throw new ApiError(400, ErrorCode.NO_STRIPE_CUSTOMER, 'No Stripe customer found for this user');
  }
  const session = await viaProvider(() =>
    payments.createPortalSession({
      customerId: row.customerId,
      returnUrl: appUrl(returnTo, '/settings/subscription'),
      locale: returnTo.locale,
    }),
  );
  return session.url;
}
