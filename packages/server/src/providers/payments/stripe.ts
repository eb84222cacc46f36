import Stripe from 'stripe';
import type { StripeConfig } from '../../config.ts';
import {
  PaymentsError,
  type CheckoutSessionInfo,
  type CheckoutState,
  type InvoiceInfo,
  type InvoiceLine,
  type PaymentEvent,
  type PaymentInterval,
  type PaymentPrice,
  type Payments,
  type SubscriptionInfo,
} from './payments.ts';

/**
 * Stripe calls answer the user's click; the client gives up after 10 s (`PORTAL_TIMEOUT_MS`),
 * so the server stops waiting well before and answers with its own error.
 */
const STRIPE_TIMEOUT_MS = 8_000;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const fromUnix = (seconds: number): Date => new Date(seconds * 1000);

/** SDK errors as the domain's three kinds of failure. */
function toPaymentsError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.type === 'StripeConnectionError') {
    return new PaymentsError('unreachable', 'Stripe could not be reached', { cause: error });
  }
  if (error.type === 'StripeInvalidRequestError' && error.statusCode === 404) {
    return new PaymentsError('not_found', error.message, { cause: error });
  }
  return new PaymentsError('failed', `Stripe answered with an error: ${error.message}`, {
    cause: error,
  });
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toPaymentsError(error);
  }
}

function toPrice(price: Stripe.Price): PaymentPrice {
  return { id: price.id, lookupKey: price.lookup_key ?? null };
}

function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSessionInfo {
  const status: CheckoutState =
    session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  return {
    id: session.id,
    url: session.url ?? null,
    status,
    customerId: idOf(session.customer),
    clientReferenceId: session.client_reference_id ?? null,
    subscriptionId: idOf(session.subscription),
  };
}

function toInvoice(invoice: Stripe.Invoice): InvoiceInfo {
  const lines: InvoiceLine[] = [];
  for (const line of invoice.lines?.data ?? []) {
    const item = line.parent?.subscription_item_details;
    if (!item) continue;
    lines.push({
      priceId: idOf(line.pricing?.price_details?.price),
      periodStart: fromUnix(line.period.start),
      periodEnd: fromUnix(line.period.end),
      proration: item.proration,
      amount: line.amount,
    });
  }
  return {
    id: invoice.id ?? '',
    customerId: idOf(invoice.customer),
    subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
    status: invoice.status ?? null,
    lines,
  };
}

function toSubscription(subscription: Stripe.Subscription): SubscriptionInfo {
  // One item per subscription (one plan); since API 2025-03-31 the period lives on the item.
  const item = subscription.items.data[0];
  if (!item) throw new PaymentsError('failed', `Subscription ${subscription.id} has no item`);
  const latest = subscription.latest_invoice;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    startedAt: fromUnix(subscription.start_date),
    currentPeriodStart: fromUnix(item.current_period_start),
    currentPeriodEnd: fromUnix(item.current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    cancelAt:
      subscription.cancel_at != null
        ? fromUnix(subscription.cancel_at)
        : subscription.cancel_at_period_end
          ? fromUnix(item.current_period_end)
          : null,
    price: toPrice(item.price),
    latestInvoice: latest && typeof latest === 'object' ? toInvoice(latest) : null,
  };
}

function toEvent(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.expired':
      return { ...base, kind: 'checkout', session: toCheckoutSession(event.data.object) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        kind: 'subscription',
        subscriptionId: subscription.id,
        customerId: idOf(subscription.customer) ?? '',
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return { ...base, kind: 'invoice', invoice: toInvoice(event.data.object) };
    default:
      return { ...base, kind: 'ignored' };
  }
}

/** The real provider: Stripe through its official SDK. */
export function createStripePayments(config: StripeConfig): Payments {
  const stripe = new Stripe(config.secretKey, {
    timeout: STRIPE_TIMEOUT_MS,
    maxNetworkRetries: 1,
    telemetry: false,
    appInfo: { name: 'Protokoll' },
    ...(config.apiBase ?? {}),
  });
  const prefix = config.priceLookupPrefix;
  const keyPattern = new RegExp(
    `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([a-z0-9-]+)_(month|year)$`,
  );

  return {
    lookupKey: (planId, interval) => `${prefix}${planId}_${interval}`,

    planOfLookupKey(lookupKey) {
      const match = lookupKey ? keyPattern.exec(lookupKey) : null;
      if (!match) return undefined;
      return { planId: match[1]!, interval: match[2] as PaymentInterval };
    },

    createCustomer: ({ email, name, userId, idempotencyKey }) =>
      call(async () => {
        const customer = await stripe.customers.create(
          { email, ...(name ? { name } : {}), metadata: { user_id: String(userId) } },
          { idempotencyKey },
        );
        return { id: customer.id };
      }),

    findPrice: (lookupKey) =>
      call(async () => {
        const prices = await stripe.prices.list({
          lookup_keys: [lookupKey],
          active: true,
          limit: 1,
        });
        const price = prices.data[0];
        return price ? toPrice(price) : undefined;
      }),

    retrievePrice: (id) => call(async () => toPrice(await stripe.prices.retrieve(id))),

    findPromotionCode: (code) =>
      call(async () => {
        const codes = await stripe.promotionCodes.list({ code, active: true, limit: 1 });
        const found = codes.data[0];
        return found ? { id: found.id } : undefined;
      }),

    createCheckoutSession: (input) =>
      call(async () =>
        toCheckoutSession(
          await stripe.checkout.sessions.create({
            mode: 'subscription',
            customer: input.customerId,
            client_reference_id: String(input.userId),
            line_items: [{ price: input.priceId, quantity: 1 }],
            ...(input.promotionCodeId
              ? { discounts: [{ promotion_code: input.promotionCodeId }] }
              : {}),
            success_url: input.successUrl,
            cancel_url: input.cancelUrl,
            locale: input.locale,
            metadata: input.metadata,
            subscription_data: { metadata: { user_id: String(input.userId) } },
          }),
        ),
      ),

    retrieveCheckoutSession: (id) =>
      call(async () => toCheckoutSession(await stripe.checkout.sessions.retrieve(id))),

    expireCheckoutSession: (id) =>
      call(async () => toCheckoutSession(await stripe.checkout.sessions.expire(id))),

    createPortalSession: ({ customerId, returnUrl, locale }) =>
      call(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: customerId,
          return_url: returnUrl,
          locale,
        });
        return { url: session.url };
      }),

    retrieveSubscription: (id) =>
      call(async () =>
        toSubscription(await stripe.subscriptions.retrieve(id, { expand: ['latest_invoice'] })),
      ),

    cancelSubscription: (id) =>
      call(async () => {
        const subscription = await stripe.subscriptions.retrieve(id);
        if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
          return;
        }
        await stripe.subscriptions.cancel(id);
      }),

    parseEvent(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', config.webhookSecret);
      } catch (error) {
        throw new PaymentsError('invalid_signature', 'The webhook signature is not valid', {
          cause: error,
        });
      }
      return toEvent(event);
    },
  };
}
