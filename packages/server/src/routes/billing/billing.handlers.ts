import type { Context } from 'hono';
import type { User } from '../../db/schema.ts';
import {
  cancelCheckout,
  checkoutStatus,
  openPortal,
  startCheckout,
  type ReturnTo,
} from '../../domain/billing/checkout.ts';
import { subscriptionState } from '../../domain/billing/subscriptions.ts';
import { handlePaymentEvent } from '../../domain/billing/webhook.ts';
import { authOf, notAuthenticated } from '../../lib/auth/middleware.ts';
import type { AppEnv } from '../../lib/context.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { findUserById, mailLocale } from '../../lib/users.ts';
import { billingDepsOf } from '../deps.ts';
import type {
  cancelCheckoutRoute,
  checkoutStatusRoute,
  createCheckoutRoute,
  createPortalSessionRoute,
  getSubscriptionRoute,
  stripeWebhookRoute,
} from './billing.routes.ts';

async function me(c: Context<AppEnv>): Promise<User> {
  const user = await findUserById(c.var.db, authOf(c).userId);
  if (!user) throw notAuthenticated();
  return user;
}

/**
 * The checkout and portal calls send the user id along; anyone else's id is as unknown as a missing
 * one.
 */
function requireSelf(user: User, userId: number): void {
  if (userId !== user.id) throw notFoundError();
}

function returnTo(c: Context<AppEnv>, user: User): ReturnTo {
  return {
    baseUrl: c.var.config.publicUrl ?? new URL(c.req.url).origin,
    locale: mailLocale(c, undefined, user.locale),
  };
}

export const createCheckoutHandler: AppRouteHandler<typeof createCheckoutRoute> = async (c) => {
  const body = c.req.valid('form');
  const user = await me(c);
  requireSelf(user, body.user_id);
  const session = await startCheckout(billingDepsOf(c), {
    user,
    planId: body.product_id,
    interval: body.interval,
    promoCode: body.promo_code,
    returnTo: returnTo(c, user),
  });
  return c.json({ success: true, checkout_url: session.url, session_id: session.sessionId }, 200);
};

export const checkoutStatusHandler: AppRouteHandler<typeof checkoutStatusRoute> = async (c) => {
  const { sessionId } = c.req.valid('param');
  c.header('Cache-Control', 'no-store');
  const status = await checkoutStatus(billingDepsOf(c), authOf(c).userId, sessionId);
  return c.json({ success: true, status }, 200);
};

export const cancelCheckoutHandler: AppRouteHandler<typeof cancelCheckoutRoute> = async (c) => {
  const { sessionId } = c.req.valid('json');
  const status = await cancelCheckout(billingDepsOf(c), authOf(c).userId, sessionId);
  const message = status === 'expired' ? 'Checkout cancelled' : `Checkout is ${status}`;
  return c.json({ success: true, message }, 200);
};

export const createPortalSessionHandler: AppRouteHandler<typeof createPortalSessionRoute> = async (
  c,
) => {
  const body = c.req.valid('form');
  const user = await me(c);
  requireSelf(user, body.user_id);
  const url = await openPortal(billingDepsOf(c), user.id, returnTo(c, user));
  return c.json({ success: true, url }, 200);
};

export const getSubscriptionHandler: AppRouteHandler<typeof getSubscriptionRoute> = async (c) => {
  const user = await me(c);
  c.header('Cache-Control', 'no-store');
  return c.json(
    { success: true, subscription: await subscriptionState(billingDepsOf(c), user) },
    200,
  );
};

export const stripeWebhookHandler: AppRouteHandler<typeof stripeWebhookRoute> = async (c) => {
  // The signature covers the exact bytes: the body is read raw, never parsed first.
  const body = Buffer.from(await c.req.arrayBuffer());
  await handlePaymentEvent(billingDepsOf(c), body, c.req.header('Stripe-Signature'));
  return c.json({ received: true }, 200);
};
