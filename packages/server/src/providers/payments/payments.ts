/*
 * What the billing domain needs from a payment provider, in its own words: Stripe's objects are
 * read into these shapes by the one implementation (stripe.ts), so the domain never depends on
 * the SDK's types or API version.
 */

export type PaymentInterval = 'month' | 'year';

export type PaymentLocale = 'de' | 'en';

/** A price as the catalogue finds it: by lookup key (`protokoll_pro_month`). */
export interface PaymentPrice {
  id: string;
  lookupKey: string | null;
}

export type CheckoutState = 'open' | 'complete' | 'expired';

export interface CheckoutSessionInfo {
  id: string;
  /** The hosted checkout page; null once the session is no longer open. */
  url: string | null;
  status: CheckoutState;
  customerId: string | null;
  /** Our user id, as given when the session was created. */
  clientReferenceId: string | null;
  subscriptionId: string | null;
}

/** One line of an invoice that belongs to a subscription item. */
export interface InvoiceLine {
  priceId: string | null;
  periodStart: Date;
  periodEnd: Date;
  /** A proration (a plan change within a period) rather than a whole period. */
  proration: boolean;
  /** In cents; negative for the credit of an unused old plan. */
  amount: number;
}

export interface InvoiceInfo {
  id: string;
  customerId: string | null;
  subscriptionId: string | null;
  /** `draft`, `open`, `paid`, `uncollectible`, `void`. */
  status: string | null;
  /** Only the lines of subscription items. */
  lines: InvoiceLine[];
}

export interface SubscriptionInfo {
  id: string;
  customerId: string;
  /** Stripe's status: `active`, `trialing`, `past_due`, `unpaid`, `canceled`, `incomplete`, … */
  status: string;
  startedAt: Date;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** When it ends, if a cancellation is scheduled (or happened). */
  cancelAt: Date | null;
  /** The price of its (single) item. */
  price: PaymentPrice | null;
  latestInvoice: InvoiceInfo | null;
}

/** The events the billing domain acts on; everything else is acknowledged and ignored. */
export type PaymentEvent = { id: string; type: string } & (
  | { kind: 'checkout'; session: CheckoutSessionInfo }
  | { kind: 'subscription'; subscriptionId: string; customerId: string }
  | { kind: 'invoice'; invoice: InvoiceInfo }
  | { kind: 'ignored' }
);

export interface CreateCheckoutInput {
  customerId: string;
  priceId: string;
  /** Our user id: `client_reference_id` and metadata. */
  userId: number;
  promotionCodeId: string | undefined;
  successUrl: string;
  cancelUrl: string;
  locale: PaymentLocale;
  metadata: Record<string, string>;
}

/**
 * Why a provider call failed. `unreachable`: no answer (network, timeout); `failed`: the provider
 * answered with an error of its own (5xx, rate limit, bad key); `not_found`: the object does not
 * exist; `invalid_signature`: a webhook body was not signed with our secret.
 */
export type PaymentsFailure = 'unreachable' | 'failed' | 'not_found' | 'invalid_signature';

export class PaymentsError extends Error {
  readonly reason: PaymentsFailure;

  constructor(reason: PaymentsFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentsError';
    this.reason = reason;
  }
}

/** A payment provider: hosted checkout, customer portal, subscriptions and signed events. */
export interface Payments {
  /** `<prefix><plan>_<interval>`: the lookup key of a plan's price. */
  lookupKey(planId: string, interval: PaymentInterval): string;
  /** The plan and interval a lookup key names; undefined for keys that are not ours. */
  planOfLookupKey(
    lookupKey: string | null,
  ): { planId: string; interval: PaymentInterval } | undefined;
  /** `idempotencyKey` makes a repeated call answer the customer created first. */
  createCustomer(input: {
    email: string;
    name: string | undefined;
    userId: number;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** The active price with this lookup key, if there is one. */
  findPrice(lookupKey: string): Promise<PaymentPrice | undefined>;
  retrievePrice(id: string): Promise<PaymentPrice>;
  /** The active promotion code a customer types (`FRUEHLING`), if there is one. */
  findPromotionCode(code: string): Promise<{ id: string } | undefined>;
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSessionInfo>;
  retrieveCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  /** Ends an open session; the answer is the session as it stands afterwards. */
  expireCheckoutSession(id: string): Promise<CheckoutSessionInfo>;
  createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    locale: PaymentLocale;
  }): Promise<{ url: string }>;
  /** With its latest invoice. */
  retrieveSubscription(id: string): Promise<SubscriptionInfo>;
  /** Ends a subscription now, without refund; one that has already ended is left alone. */
  cancelSubscription(id: string): Promise<void>;
  /**
   * Checks the signature of a webhook body and reads it.
   * @throws PaymentsError `invalid_signature`
   */
  parseEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}
