import { z } from 'zod';
import { Id, jsonField, SuccessMessage, Timestamp } from './common.ts';
import { PLAN_TIMEOUT_MS, PORTAL_TIMEOUT_MS } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField } from './fields.ts';

export const BillingInterval = z.enum(['month', 'year'], { error: 'validation.invalidValue' });
export type BillingInterval = z.infer<typeof BillingInterval>;

/** Checkout metadata (docs/billing.md#calls): the user's e-mail and current plan. */
export const CheckoutMetadata = z
  .object({
    email: EmailField,
    /** Id of the plan the user is on when starting the checkout. */
    current_plan: z.string().min(1, { error: 'validation.required' }),
  })
  .meta({ id: 'CheckoutMetadata' });
export type CheckoutMetadata = z.infer<typeof CheckoutMetadata>;

/**
 * `POST /api/stripe/checkout` (multipart, docs/billing.md#checkout); `metadata` travels as a JSON
 * text field.
 */
export const CheckoutBody = z
  .object({
    /** Id of the plan to buy (a plan of `GET /api/plans`). */
    product_id: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    interval: BillingInterval,
    user_id: Id,
    promo_code: z
      .string()
      .trim()
      .max(64, { error: 'validation.tooLong' })
      .optional()
      .transform((code) => code || undefined),
    metadata: jsonField(CheckoutMetadata),
  })
  .meta({ id: 'CheckoutBody' });
export type CheckoutBody = z.infer<typeof CheckoutBody>;

export const CheckoutResponse = z
  .object({
    success: z.boolean(),
    checkout_url: z.url().optional(),
    session_id: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const CheckoutStatusParams = z
  .object({ sessionId: z.string().min(1) })
  .meta({ id: 'CheckoutStatusParams' });
export type CheckoutStatusParams = z.infer<typeof CheckoutStatusParams>;

/** Stripe's checkout session states; `complete` ends the wait on /successful-purchase. */
export const CheckoutStatus = z.enum(['open', 'complete', 'expired']);
export type CheckoutStatus = z.infer<typeof CheckoutStatus>;

export const CheckoutStatusResponse = z
  .object({ success: z.boolean(), status: CheckoutStatus })
  .meta({ id: 'CheckoutStatusResponse' });
export type CheckoutStatusResponse = z.infer<typeof CheckoutStatusResponse>;

export const CancelCheckoutBody = z
  .object({
    sessionId: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  })
  .meta({ id: 'CancelCheckoutBody' });
export type CancelCheckoutBody = z.infer<typeof CancelCheckoutBody>;

export const PortalBody = z.object({ user_id: Id }).meta({ id: 'PortalBody' });
export type PortalBody = z.infer<typeof PortalBody>;

export const PortalResponse = z
  .object({ success: z.boolean(), url: z.url().optional(), error: z.string().optional() })
  .meta({ id: 'PortalResponse' });
export type PortalResponse = z.infer<typeof PortalResponse>;

export const WebhookAck = z.object({ received: z.boolean() }).meta({ id: 'WebhookAck' });
export type WebhookAck = z.infer<typeof WebhookAck>;

/** Where the user's plan comes from: none (Free), a Stripe subscription, or the admin command. */
export const PlanSource = z.enum(['free', 'stripe', 'admin']);
export type PlanSource = z.infer<typeof PlanSource>;

/** Stripe's subscription states, as Stripe names them. */
export const SubscriptionStatus = z.enum([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * The user's plan and subscription for the subscription page. The subscription fields describe
 * the user's latest Stripe subscription (also after it ended) and are null without one.
 */
export const BillingSubscription = z
  .object({
    /** The current plan, as `GET /api/user/plan` names it. */
    plan_id: z.string().min(1),
    source: PlanSource,
    /** `past_due`: the last renewal failed and Stripe is retrying; the plan stays meanwhile. */
    status: SubscriptionStatus.nullable(),
    interval: BillingInterval.nullable(),
    /** End of the paid period: the renewal date, or the end date when it is cancelled. */
    current_period_end: Timestamp.nullable(),
    /** Cancelled: the plan stays until `cancel_at`, then Free. */
    cancel_at_period_end: z.boolean(),
    cancel_at: Timestamp.nullable(),
    /** The user has a Stripe customer, so `POST /api/stripe/portalSession` can open the portal. */
    portal_available: z.boolean(),
    /** False when no payment provider is configured: nothing can be bought or managed. */
    payments_enabled: z.boolean(),
  })
  .meta({ id: 'BillingSubscription' });
export type BillingSubscription = z.infer<typeof BillingSubscription>;

export const SubscriptionResponse = z
  .object({ success: z.boolean(), subscription: BillingSubscription })
  .meta({ id: 'SubscriptionResponse' });
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const createCheckout = defineEndpoint({
  id: 'createCheckout',
  method: 'POST',
  path: '/api/stripe/checkout',
  tag: 'billing',
  summary: 'Start a hosted checkout for a plan',
  auth: true,
  body: CheckoutBody,
  bodyKind: 'multipart',
  response: CheckoutResponse,
});

export const checkoutStatus = defineEndpoint({
  id: 'checkoutStatus',
  method: 'GET',
  path: '/api/checkout/status/{sessionId}',
  tag: 'billing',
  summary: 'State of a checkout session',
  auth: true,
  params: CheckoutStatusParams,
  response: CheckoutStatusResponse,
});

export const cancelCheckout = defineEndpoint({
  id: 'cancelCheckout',
  method: 'POST',
  path: '/api/checkout/cancel',
  tag: 'billing',
  summary: 'Report a cancelled checkout',
  auth: true,
  body: CancelCheckoutBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const createPortalSession = defineEndpoint({
  id: 'createPortalSession',
  method: 'POST',
  path: '/api/stripe/portalSession',
  tag: 'billing',
  summary: 'Open the subscription portal',
  auth: true,
  body: PortalBody,
  bodyKind: 'multipart',
  response: PortalResponse,
  timeoutMs: PORTAL_TIMEOUT_MS,
});

export const getSubscription = defineEndpoint({
  id: 'getSubscription',
  method: 'GET',
  path: '/api/billing/subscription',
  tag: 'billing',
  summary: 'Plan and subscription of the signed-in user (status, renewal, cancellation)',
  auth: true,
  response: SubscriptionResponse,
  timeoutMs: PLAN_TIMEOUT_MS,
});

/**
 * Stripe's events. The body is read raw for the signature check (`Stripe-Signature` header), so
 * it has no schema here.
 */
export const stripeWebhook = defineEndpoint({
  id: 'stripeWebhook',
  method: 'POST',
  path: '/api/stripe/webhook',
  tag: 'billing',
  summary: 'Payment provider events (signature-checked)',
  auth: false,
  response: WebhookAck,
});
