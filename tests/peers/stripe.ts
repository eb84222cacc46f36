// A local stand-in for Stripe: real HTTP on 127.0.0.1 that the official SDK talks to through its
// host/port/protocol settings (STRIPE_API_BASE). It speaks Stripe's form encoding and answers with
// Stripe's object shapes (API 2026-10-28) for what Protokoll uses: customers, prices by lookup
// key, promotion codes, checkout sessions (create, retrieve, expire), billing portal sessions,
// subscriptions and invoices. It serves a hosted checkout page with a "Pay" button and a portal
// page, and sends correctly signed webhooks (stripe.webhooks.generateTestHeaderString) as
// payments happen. Controls move subscriptions on: renewal, failed payment, cancellation at
// period end, the period's end, a plan change. Only for tests, never used by `start`.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { DEFAULT_PLAN_OFFERS } from '@protokoll/contract';

// `stripe` is a dependency of the server package, not of the workspace root that tests/ resolves
// from: load it through the server package.
interface StripeWebhooks {
  generateTestHeaderString(options: {
    payload: string;
    secret: string;
    timestamp?: number;
  }): string;
}
const stripeModule = createRequire(new URL('../../packages/server/package.json', import.meta.url))(
  'stripe',
) as { webhooks: StripeWebhooks; default?: { webhooks: StripeWebhooks } };
const webhooks = (stripeModule.default ?? stripeModule).webhooks;

/** The API version this peer's objects follow (the pinned version of stripe-node 23). */
export const PEER_API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;
type Interval = 'month' | 'year';

export interface PromotionCodeSeed {
  code: string;
  percentOff: number;
  active?: boolean;
}

/** Where events go: a URL (a running server), or a function (an app called in-process). */
export type WebhookTarget =
  string | ((body: string, headers: Record<string, string>) => Promise<{ status: number }>);

export interface StripePeerOptions {
  /** Signs every event; the server's STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
  webhook?: WebhookTarget;
  /** Lookup keys of the seeded prices: `<prefix><plan>_<interval>` (default `protokoll_`). */
  lookupPrefix?: string;
  /** Seeded promotion codes (default: FRUEHLING, 20 % off; ALT, inactive). */
  promotionCodes?: PromotionCodeSeed[];
  /** Send events as they happen (default true); false keeps them for `deliver()`. */
  autoDeliver?: boolean;
  /** Fixed port (default: any free one). */
  port?: number;
}

/** Fail matching API requests with `status`: the next `times` of them, or every one. */
export interface StripeFailure {
  status: number;
  times?: number;
  /** Only requests whose path starts with this (e.g. `/v1/checkout/sessions`). */
  path?: string;
}

export interface PeerApiRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
  status: number;
}

export interface PeerEvent {
  event: Json & { id: string; type: string };
  /** HTTP status of each delivery attempt (0: no answer). */
  deliveries: number[];
}

export interface StripePeer {
  /** Base URL of the API, e.g. http://127.0.0.1:4313 (the server's STRIPE_API_BASE). */
  url: string;
  port: number;
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  events: PeerEvent[];
  requests: PeerApiRequest[];
  setWebhook(target: WebhookTarget | undefined): void;
  /** What the hosted page's "Pay" button does; answers the success URL the browser goes to. */
  pay(sessionId: string): Promise<string>;
  /**
   * A new billing period, paid (invoice.paid). A subscription whose last payment failed has that
   * invoice paid instead, without a new period.
   */
  renew(subscriptionId: string): Promise<void>;
  /** A new billing period whose payment fails: past due (invoice.payment_failed). */
  failPayment(subscriptionId: string): Promise<void>;
  /** As in the portal: ends at period end (or not, with `cancel` false). */
  cancelAtPeriodEnd(subscriptionId: string, cancel?: boolean): Promise<void>;
  /** The period ended (or the cancellation took effect): customer.subscription.deleted. */
  endSubscription(subscriptionId: string): Promise<void>;
  /** Switches the plan at once, with a paid proration invoice (as an upgrade in the portal). */
  changePrice(subscriptionId: string, lookupKey: string): Promise<void>;
  /** Sends kept events (all undelivered ones, or these ids in this order). */
  deliver(eventIds?: string[]): Promise<void>;
  /** Sends an event again, as Stripe does when a delivery failed or it feels like it. */
  redeliver(eventId: string): Promise<number>;
  /** Resolves once every event sent so far has been answered. */
  settled(): Promise<void>;
  fail(failure: StripeFailure): void;
  reset(): void;
  close(): Promise<void>;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** `months` later, on the same day (or the month's last day), as Stripe bills. */
function addMonths(seconds: number, months: number): number {
  const start = new Date(seconds * 1000);
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return (
    Date.UTC(
      start.getUTCFullYear(),
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
    ) / 1000
  );
}

const periodEnd = (start: number, interval: Interval) =>
  addMonths(start, interval === 'year' ? 12 : 1);

/**
 * Stripe's form encoding (`line_items[0][price]=…&metadata[user_id]=7&expand[0]=…`) back into
 * objects and arrays.
 */
export function decodeForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.split('[').map((part) => part.replace(/\]$/, ''));
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const key = part === '' && Array.isArray(node) ? String(node.length) : part;
      const nextIsIndex = !last && /^\d*$/.test(parts[index + 1] ?? '');
      const container = node as Record<string, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(
    404,
    'invalid_request_error',
    `No such ${kind}: '${id}'`,
    'resource_missing',
    param,
  );

function list(data: Json[], url: string): Json {
  return { object: 'list', data, has_more: false, url };
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:16px system-ui;max-width:32rem;margin:3rem auto;padding:0 1rem}button{font:inherit;padding:.5rem 1rem}</style>
</head><body>${body}</body></html>`;
}

export async function startStripePeer(options: StripePeerOptions): Promise<StripePeer> {
  const prefix = options.lookupPrefix ?? 'protokoll_';
  let target = options.webhook;
  const autoDeliver = options.autoDeliver ?? true;

  const customers = new Map<string, Json>();
  const products = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const coupons = new Map<string, Json>();
  const promotionCodes = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const events: PeerEvent[] = [];
  const requests: PeerApiRequest[] = [];
  const idempotent = new Map<string, { status: number; body: Json }>();
  let failures: StripeFailure[] = [];
  let deliveryChain: Promise<void> = Promise.resolve();

  // The catalogue: one product per paid plan, a price per interval with its lookup key.
  for (const offer of DEFAULT_PLAN_OFFERS) {
    if (offer.type === 'free') continue;
    const product = {
      id: newId('prod'),
      object: 'product',
      active: true,
      name: `Protokoll ${offer.name}`,
      metadata: { plan_id: offer.id },
      created: nowSeconds(),
      livemode: false,
    };
    products.set(product.id, product);
    for (const interval of ['month', 'year'] as const) {
      const amount = interval === 'month' ? offer.price_month : offer.price_year;
      if (!amount) continue;
      const price = {
        id: newId('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: nowSeconds(),
        currency: offer.currency.toLowerCase(),
        livemode: false,
        lookup_key: `${prefix}${offer.id}_${interval}`,
        metadata: {},
        nickname: `${offer.name} (${interval === 'month' ? 'monthly' : 'yearly'})`,
        product: product.id,
        recurring: {
          interval,
          interval_count: 1,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        },
        tax_behavior: 'unspecified',
        tiers_mode: null,
        transform_quantity: null,
        type: 'recurring',
        unit_amount: amount,
        unit_amount_decimal: String(amount),
      };
      prices.set(price.id, price);
    }
  }
  const seeds = options.promotionCodes ?? [
    { code: 'FRUEHLING', percentOff: 20 },
    { code: 'ALT', percentOff: 50, active: false },
  ];
  for (const seed of seeds) {
    const coupon = {
      id: newId('co'),
      object: 'coupon',
      amount_off: null,
      currency: null,
      duration: 'once',
      livemode: false,
      name: `${seed.percentOff} %`,
      percent_off: seed.percentOff,
      valid: seed.active !== false,
      created: nowSeconds(),
    };
    coupons.set(coupon.id, coupon);
    const promo = {
      id: newId('promo'),
      object: 'promotion_code',
      active: seed.active !== false,
      code: seed.code,
      created: nowSeconds(),
      customer: null,
      customer_account: null,
      expires_at: null,
      livemode: false,
      max_redemptions: null,
      metadata: {},
      promotion: { type: 'coupon', coupon: coupon.id },
      restrictions: {
        first_time_transaction: false,
        minimum_amount: null,
        minimum_amount_currency: null,
      },
      times_redeemed: 0,
    };
    promotionCodes.set(promo.id, promo);
  }

  let baseUrl = '';

  // ---- events -------------------------------------------------------------------------------

  async function send(record: PeerEvent): Promise<number> {
    const body = JSON.stringify(record.event, null, 2);
    const headers = {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'Stripe-Signature': webhooks.generateTestHeaderString({
        payload: body,
        secret: options.webhookSecret,
      }),
    };
    let status = 0;
    try {
      if (typeof target === 'function') {
        status = (await target(body, headers)).status;
      } else if (target) {
        const res = await fetch(target, { method: 'POST', headers, body });
        await res.arrayBuffer();
        status = res.status;
      }
    } catch {
      status = 0;
    }
    record.deliveries.push(status);
    return status;
  }

  /** Delivers one after the other, in the order they happened, as Stripe mostly does. */
  function enqueue(record: PeerEvent): Promise<void> {
    deliveryChain = deliveryChain.then(async () => {
      await send(record);
    });
    return deliveryChain;
  }

  async function emit(type: string, object: Json, previous?: Json): Promise<void> {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: PEER_API_VERSION,
      created: nowSeconds(),
      data: {
        object: structuredClone(object),
        ...(previous ? { previous_attributes: previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const record: PeerEvent = { event, deliveries: [] };
    events.push(record);
    if (autoDeliver && target) await enqueue(record);
  }

  // ---- objects ------------------------------------------------------------------------------

  function priceByLookupKey(key: string): Json | undefined {
    return [...prices.values()].find((price) => price.lookup_key === key);
  }

  function percentOffOf(discounts: unknown): number {
    const promoId = Array.isArray(discounts)
      ? (discounts[0] as { promotion_code?: string } | undefined)?.promotion_code
      : undefined;
    const promo = promoId ? promotionCodes.get(promoId) : undefined;
    const couponId = (promo?.promotion as { coupon?: string } | undefined)?.coupon;
    return Number(couponId ? (coupons.get(couponId)?.percent_off ?? 0) : 0);
  }

  function itemOf(subscription: Json): Json {
    return (subscription.items as { data: Json[] }).data[0]!;
  }

  function createInvoice(
    subscription: Json,
    reason: string,
    lines: { price: Json; start: number; end: number; amount: number; proration: boolean }[],
    paid: boolean,
  ): Json {
    const id = newId('in');
    const item = itemOf(subscription);
    const discountPercent =
      reason === 'subscription_create' ? percentOffOf(subscription.discounts) : 0;
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = Math.round((Math.max(0, subtotal) * discountPercent) / 100);
    const total = subtotal - discount;
    const created = nowSeconds();
    const invoice: Json = {
      id,
      object: 'invoice',
      account_country: 'DE',
      amount_due: Math.max(0, total),
      amount_paid: paid ? Math.max(0, total) : 0,
      amount_remaining: paid ? 0 : Math.max(0, total),
      attempt_count: 1,
      attempted: true,
      auto_advance: !paid,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created,
      currency: 'eur',
      customer: subscription.customer,
      hosted_invoice_url: `${baseUrl}/invoice/${id}`,
      lines: list(
        lines.map((line) => ({
          id: newId('il'),
          object: 'line_item',
          amount: line.amount,
          currency: 'eur',
          description: String(line.price.nickname),
          discount_amounts: [],
          discountable: !line.proration,
          discounts: [],
          invoice: id,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: subscription.id,
              subscription_item: item.id,
            },
          },
          period: { start: line.start, end: line.end },
          pretax_credit_amounts: [],
          pricing: {
            type: 'price_details',
            price_details: { price: line.price.id, product: line.price.product },
            unit_amount_decimal: String(line.price.unit_amount),
          },
          quantity: 1,
          subscription: subscription.id,
          subtotal: line.amount,
          taxes: [],
        })),
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      number: `PROT-${String(invoices.size + 1).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: subscription.metadata, subscription: subscription.id },
      },
      period_start: lines[0]?.start ?? created,
      period_end: lines[0]?.start ?? created,
      status: paid ? 'paid' : 'open',
      status_transitions: {
        finalized_at: created,
        paid_at: paid ? created : null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
      subtotal,
      total,
      total_discount_amounts: discount ? [{ amount: discount, discount: newId('di') }] : [],
    };
    invoices.set(id, invoice);
    subscription.latest_invoice = id;
    return invoice;
  }

  function subscriptionAt(id: string): Json {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    return subscription;
  }

  /** The period after the current one, starting now at the earliest (tests cannot wait a month). */
  function advancePeriod(subscription: Json): { start: number; end: number } {
    const item = itemOf(subscription);
    const price = item.price as Json;
    const interval = (price.recurring as { interval: Interval }).interval;
    const start = Math.max(nowSeconds(), Number(item.current_period_start) + 1);
    const end = periodEnd(start, interval);
    item.current_period_start = start;
    item.current_period_end = end;
    return { start, end };
  }

  async function completeSession(sessionId: string): Promise<string> {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This Checkout Session is ${String(session.status)}.`,
      );
    }
    const lineItems = session.line_items_input as { price: string; quantity?: string }[];
    const price = prices.get(lineItems[0]!.price)!;
    const interval = (price.recurring as { interval: Interval }).interval;
    const start = nowSeconds();
    const end = periodEnd(start, interval);
    const subscriptionId = newId('sub');
    const subscription: Json = {
      id: subscriptionId,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: start,
      currency: 'eur',
      customer: session.customer,
      default_payment_method: newId('pm'),
      description: null,
      discounts: session.discounts_input ?? [],
      ended_at: null,
      items: list(
        [
          {
            id: newId('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: end,
            discounts: [],
            metadata: {},
            price,
            quantity: 1,
            subscription: subscriptionId,
            tax_rates: [],
          },
        ],
        `/v1/subscription_items?subscription=${subscriptionId}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata: (session.subscription_metadata as Json | undefined) ?? {},
      start_date: start,
      status: 'active',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscriptions.set(subscriptionId, subscription);
    const invoice = createInvoice(
      subscription,
      'subscription_create',
      [{ price, start, end, amount: Number(price.unit_amount), proration: false }],
      true,
    );
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      subscription: subscriptionId,
      invoice: invoice.id,
      url: null,
      amount_total: invoice.total,
    });
    await emit('customer.subscription.created', subscription);
    await emit('invoice.paid', invoice);
    await emit('invoice.payment_succeeded', invoice);
    await emit('checkout.session.completed', publicSession(session));
    await settled();
    return String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId);
  }

  function publicSession(session: Json): Json {
    const {
      line_items_input: _l,
      discounts_input: _d,
      subscription_metadata: _m,
      ...rest
    } = session;
    return rest;
  }

  async function settled(): Promise<void> {
    for (;;) {
      const chain = deliveryChain;
      await chain;
      if (chain === deliveryChain) return;
    }
  }

  // ---- API ------------------------------------------------------------------------------------

  function expandInvoice(subscription: Json, expand: unknown): Json {
    const wanted = Array.isArray(expand) ? expand : expand ? Object.values(expand as Json) : [];
    if (!wanted.includes('latest_invoice') || !subscription.latest_invoice) return subscription;
    return { ...subscription, latest_invoice: invoices.get(String(subscription.latest_invoice)) };
  }

  function api(method: string, path: string, params: Json): { status: number; body: Json } {
    const parts = path.split('/').filter(Boolean).slice(1); // without "v1"
    const [resource, id, action] = parts;
    const ok = (body: Json) => ({ status: 200, body });

    if (resource === 'customers') {
      if (method === 'POST' && !id) {
        const customer: Json = {
          id: newId('cus'),
          object: 'customer',
          address: null,
          balance: 0,
          created: nowSeconds(),
          currency: null,
          default_source: null,
          delinquent: false,
          description: null,
          email: params.email ?? null,
          invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
          invoice_settings: { custom_fields: null, default_payment_method: null, footer: null },
          livemode: false,
          metadata: params.metadata ?? {},
          name: params.name ?? null,
          phone: null,
          preferred_locales: [],
          shipping: null,
          tax_exempt: 'none',
          test_clock: null,
        };
        customers.set(String(customer.id), customer);
        return ok(customer);
      }
      if (method === 'GET' && id) {
        const customer = customers.get(id);
        if (!customer) throw missing('customer', id);
        return ok(customer);
      }
    }

    if (resource === 'prices') {
      if (method === 'GET' && !id) {
        const keys = Object.values((params.lookup_keys as Json | undefined) ?? {}).map(String);
        const active = params.active === undefined ? undefined : params.active === 'true';
        const found = [...prices.values()].filter(
          (price) =>
            (keys.length === 0 || keys.includes(String(price.lookup_key))) &&
            (active === undefined || price.active === active),
        );
        return ok(list(found.slice(0, Number(params.limit ?? 10)), '/v1/prices'));
      }
      if (method === 'GET' && id) {
        const price = prices.get(id);
        if (!price) throw missing('price', id);
        return ok(price);
      }
    }

    if (resource === 'promotion_codes' && method === 'GET' && !id) {
      const active = params.active === undefined ? undefined : params.active === 'true';
      const found = [...promotionCodes.values()].filter(
        (promo) =>
          (params.code === undefined || promo.code === params.code) &&
          (active === undefined || promo.active === active),
      );
      return ok(list(found.slice(0, Number(params.limit ?? 10)), '/v1/promotion_codes'));
    }

    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = action;
      const sub = parts[3];
      if (method === 'POST' && !sessionId) return ok(publicSession(createSession(params)));
      if (!sessionId)
        throw new StripeApiError(404, 'invalid_request_error', 'Unrecognized request URL');
      const session = sessions.get(sessionId);
      if (!session) throw missing('checkout.session', sessionId, 'session');
      if (method === 'GET' && !sub) return ok(publicSession(session));
      if (method === 'POST' && sub === 'expire') {
        if (session.status !== 'open') {
          throw new StripeApiError(
            400,
            'invalid_request_error',
            `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
          );
        }
        Object.assign(session, { status: 'expired', url: null });
        void emit('checkout.session.expired', publicSession(session));
        return ok(publicSession(session));
      }
    }

    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST' && !action) {
      const customer = String(params.customer ?? '');
      if (!customers.has(customer)) throw missing('customer', customer, 'customer');
      const portal = {
        id: newId('bps'),
        object: 'billing_portal.session',
        configuration: newId('bpc'),
        created: nowSeconds(),
        customer,
        customer_account: null,
        flow: null,
        livemode: false,
        locale: params.locale ?? null,
        on_behalf_of: null,
        return_url: params.return_url ?? null,
        url: '',
      };
      portal.url = `${baseUrl}/portal/${portal.id}`;
      portalSessions.set(portal.id, portal);
      return ok(portal);
    }

    if (resource === 'subscriptions' && id) {
      const subscription = subscriptionAt(id);
      if (method === 'GET') return ok(expandInvoice(subscription, params.expand));
      if (method === 'POST') {
        if (params.cancel_at_period_end !== undefined) {
          setCancel(subscription, params.cancel_at_period_end === 'true');
          void emit('customer.subscription.updated', subscription);
        }
        return ok(expandInvoice(subscription, params.expand));
      }
      if (method === 'DELETE') {
        end(subscription);
        void emit('customer.subscription.deleted', subscription);
        return ok(subscription);
      }
    }

    if (resource === 'invoices' && id && method === 'GET') {
      const invoice = invoices.get(id);
      if (!invoice) throw missing('invoice', id);
      return ok(invoice);
    }

    throw new StripeApiError(
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${path}). This peer does not speak it.`,
    );
  }

  function createSession(params: Json): Json {
    if (params.mode !== 'subscription') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'This peer only does subscriptions',
        undefined,
        'mode',
      );
    }
    const customer = String(params.customer ?? '');
    if (!customers.has(customer)) throw missing('customer', customer, 'customer');
    const lineItems = Object.values((params.line_items as Json | undefined) ?? {}) as {
      price: string;
      quantity?: string;
    }[];
    const price = lineItems[0] ? prices.get(lineItems[0].price) : undefined;
    if (!price) throw missing('price', String(lineItems[0]?.price ?? ''), 'line_items[0][price]');
    const discounts = Object.values((params.discounts as Json | undefined) ?? {}) as {
      promotion_code?: string;
    }[];
    for (const discount of discounts) {
      const promo = discount.promotion_code
        ? promotionCodes.get(discount.promotion_code)
        : undefined;
      if (!promo?.active) {
        throw missing(
          'promotion code',
          String(discount.promotion_code),
          'discounts[0][promotion_code]',
        );
      }
    }
    if (!params.success_url) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Missing required param: success_url.',
        'parameter_missing',
        'success_url',
      );
    }
    const id = `cs_test_${randomBytes(24).toString('hex')}`;
    const amount = Number(price.unit_amount);
    const discount = Math.round((amount * percentOffOf(discounts)) / 100);
    const session: Json = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: params.allow_promotion_codes === 'true' ? true : null,
      amount_subtotal: amount,
      amount_total: amount - discount,
      cancel_url: params.cancel_url ?? null,
      client_reference_id: params.client_reference_id ?? null,
      created: nowSeconds(),
      currency: 'eur',
      customer,
      customer_email: null,
      discounts: discounts.map((d) => ({ coupon: null, promotion_code: d.promotion_code })),
      expires_at: nowSeconds() + 24 * 3600,
      invoice: null,
      livemode: false,
      locale: params.locale ?? null,
      metadata: params.metadata ?? {},
      mode: 'subscription',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: params.success_url,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted',
      url: `${baseUrl}/pay/${id}`,
      line_items_input: lineItems,
      discounts_input: discounts,
      subscription_metadata: (params.subscription_data as Json | undefined)?.metadata ?? {},
    };
    sessions.set(id, session);
    return session;
  }

  function setCancel(subscription: Json, cancel: boolean): void {
    const item = itemOf(subscription);
    Object.assign(subscription, {
      cancel_at_period_end: cancel,
      cancel_at: cancel ? item.current_period_end : null,
      canceled_at: cancel ? nowSeconds() : null,
    });
  }

  function end(subscription: Json): void {
    Object.assign(subscription, {
      status: 'canceled',
      ended_at: nowSeconds(),
      canceled_at: subscription.canceled_at ?? nowSeconds(),
    });
  }

  // ---- controls (also reachable over HTTP under /control for end-to-end tests) ----------------

  async function renew(subscriptionId: string): Promise<void> {
    const subscription = subscriptionAt(subscriptionId);
    const latest = invoices.get(String(subscription.latest_invoice));
    if (latest?.status === 'open') {
      Object.assign(latest, {
        status: 'paid',
        amount_paid: latest.amount_due,
        amount_remaining: 0,
        attempt_count: Number(latest.attempt_count) + 1,
      });
      subscription.status = 'active';
      await emit('invoice.paid', latest);
      await emit('customer.subscription.updated', subscription, { status: 'past_due' });
      return settled();
    }
    const item = itemOf(subscription);
    const previous = { current_period_start: item.current_period_start };
    const { start, end: periodEndsAt } = advancePeriod(subscription);
    const price = item.price as Json;
    const invoice = createInvoice(
      subscription,
      'subscription_cycle',
      [{ price, start, end: periodEndsAt, amount: Number(price.unit_amount), proration: false }],
      true,
    );
    await emit('customer.subscription.updated', subscription, { items: previous });
    await emit('invoice.paid', invoice);
    return settled();
  }

  async function failPayment(subscriptionId: string): Promise<void> {
    const subscription = subscriptionAt(subscriptionId);
    const item = itemOf(subscription);
    const { start, end: periodEndsAt } = advancePeriod(subscription);
    const price = item.price as Json;
    const invoice = createInvoice(
      subscription,
      'subscription_cycle',
      [{ price, start, end: periodEndsAt, amount: Number(price.unit_amount), proration: false }],
      false,
    );
    subscription.status = 'past_due';
    await emit('invoice.payment_failed', invoice);
    await emit('customer.subscription.updated', subscription, { status: 'active' });
    return settled();
  }

  async function cancelAtPeriodEnd(subscriptionId: string, cancel = true): Promise<void> {
    const subscription = subscriptionAt(subscriptionId);
    setCancel(subscription, cancel);
    await emit('customer.subscription.updated', subscription, { cancel_at_period_end: !cancel });
    return settled();
  }

  async function endSubscription(subscriptionId: string): Promise<void> {
    const subscription = subscriptionAt(subscriptionId);
    end(subscription);
    await emit('customer.subscription.deleted', subscription);
    return settled();
  }

  async function changePrice(subscriptionId: string, lookupKey: string): Promise<void> {
    const subscription = subscriptionAt(subscriptionId);
    const price = priceByLookupKey(lookupKey);
    if (!price) throw missing('price', lookupKey, 'lookup_key');
    const item = itemOf(subscription);
    const old = item.price as Json;
    const now = nowSeconds();
    const start = Number(item.current_period_start);
    const periodEndsAt = Number(item.current_period_end);
    const unused = (periodEndsAt - now) / Math.max(1, periodEndsAt - start);
    item.price = price;
    const invoice = createInvoice(
      subscription,
      'subscription_update',
      [
        {
          price: old,
          start: now,
          end: periodEndsAt,
          amount: -Math.round(Number(old.unit_amount) * unused),
          proration: true,
        },
        {
          price,
          start: now,
          end: periodEndsAt,
          amount: Math.round(Number(price.unit_amount) * unused),
          proration: true,
        },
      ],
      true,
    );
    await emit('customer.subscription.updated', subscription, { items: { price: old.id } });
    await emit('invoice.paid', invoice);
    return settled();
  }

  async function deliver(eventIds?: string[]): Promise<void> {
    const chosen = eventIds
      ? eventIds.map((id) => {
          const record = events.find((e) => e.event.id === id);
          if (!record) throw new Error(`no event ${id}`);
          return record;
        })
      : events.filter((record) => record.deliveries.length === 0);
    for (const record of chosen) await enqueue(record);
    return settled();
  }

  async function redeliver(eventId: string): Promise<number> {
    const record = events.find((e) => e.event.id === eventId);
    if (!record) throw new Error(`no event ${eventId}`);
    await enqueue(record);
    await settled();
    return record.deliveries.at(-1) ?? 0;
  }

  // ---- HTTP -----------------------------------------------------------------------------------

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Json = {}) {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': newId('req'),
      'Stripe-Version': PEER_API_VERSION,
      ...(headers as Record<string, string>),
    });
    res.end(JSON.stringify(body));
  }

  function sendHtml(res: ServerResponse, status: number, html: string) {
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(303, { Location: location });
    res.end();
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    return Buffer.concat(parts).toString('utf8');
  }

  function takeFailure(path: string): StripeFailure | undefined {
    const index = failures.findIndex((f) => !f.path || path.startsWith(f.path));
    const failure = failures[index];
    if (!failure) return undefined;
    if (failure.times !== undefined) {
      failure.times -= 1;
      if (failure.times <= 0) failures.splice(index, 1);
    }
    return failure;
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const params =
      method === 'GET' || method === 'DELETE' ? decodeForm(url.search.slice(1)) : decodeForm(text);
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const stripeVersion = req.headers['stripe-version'] as string | undefined;
    const record = (status: number) =>
      requests.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion, status });

    if (!/^Bearer sk_(test|live)_\w+/.test(req.headers.authorization ?? '')) {
      record(401);
      return sendJson(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' },
      });
    }
    const failure = takeFailure(url.pathname);
    if (failure) {
      record(failure.status);
      return sendJson(res, failure.status, {
        error: {
          type: failure.status >= 500 ? 'api_error' : 'invalid_request_error',
          message: `Scripted failure ${failure.status}`,
        },
      });
    }
    const cacheKey =
      idempotencyKey && method === 'POST' ? `${url.pathname}:${idempotencyKey}` : undefined;
    const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
    if (cached) {
      record(cached.status);
      return sendJson(res, cached.status, cached.body, { 'Idempotent-Replayed': 'true' });
    }
    let answer: { status: number; body: Json };
    try {
      answer = api(method, url.pathname, params);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      answer = {
        status: error.status,
        body: {
          error: {
            type: error.type,
            message: error.message,
            ...(error.code ? { code: error.code } : {}),
            ...(error.param ? { param: error.param } : {}),
          },
        },
      };
    }
    if (cacheKey) idempotent.set(cacheKey, answer);
    record(answer.status);
    sendJson(res, answer.status, answer.body);
  }

  function money(cents: number): string {
    return `${(cents / 100).toFixed(2).replace('.', ',')} €`;
  }

  function checkoutPage(res: ServerResponse, sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session)
      return sendHtml(res, 404, page('Not found', '<h1>This checkout does not exist</h1>'));
    if (session.status !== 'open') {
      return sendHtml(
        res,
        410,
        page('Checkout closed', `<h1>This checkout is ${escapeHtml(String(session.status))}</h1>`),
      );
    }
    const price = prices.get((session.line_items_input as { price: string }[])[0]!.price)!;
    const total = session.total_details as { amount_discount: number };
    const body = `<main>
<h1>Protokoll</h1>
<p data-testid="product">${escapeHtml(String(price.nickname))}</p>
<p>Subtotal: <span data-testid="subtotal">${money(Number(session.amount_subtotal))}</span></p>
${total.amount_discount ? `<p>Discount: <span data-testid="discount">−${money(total.amount_discount)}</span></p>` : ''}
<p>Total due today: <strong data-testid="total">${money(Number(session.amount_total))}</strong></p>
<form method="post" action="/pay/${escapeHtml(sessionId)}"><button type="submit">Pay</button></form>
<p><a href="${escapeHtml(String(session.cancel_url))}">Cancel and return</a></p>
</main>`;
    sendHtml(res, 200, page('Pay Protokoll', body));
  }

  function portalPage(res: ServerResponse, portalId: string) {
    const portal = portalSessions.get(portalId);
    if (!portal)
      return sendHtml(res, 404, page('Not found', '<h1>This portal session does not exist</h1>'));
    const own = [...subscriptions.values()].filter(
      (s) => s.customer === portal.customer && s.status !== 'canceled',
    );
    const date = (seconds: unknown) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);
    const rows = own
      .map((subscription) => {
        const item = itemOf(subscription);
        const price = item.price as Json;
        const id = escapeHtml(String(subscription.id));
        const state = subscription.cancel_at_period_end
          ? `Cancels on ${date(subscription.cancel_at)}`
          : `Renews on ${date(item.current_period_end)}`;
        const action = subscription.cancel_at_period_end
          ? `<form method="post" action="/portal/${portalId}/renew"><input type="hidden" name="subscription" value="${id}"><button type="submit">Renew subscription</button></form>`
          : `<form method="post" action="/portal/${portalId}/cancel"><input type="hidden" name="subscription" value="${id}"><button type="submit">Cancel subscription</button></form>`;
        return `<section><h2>${escapeHtml(String(price.nickname))}</h2><p data-testid="status">${escapeHtml(String(subscription.status))}</p><p data-testid="period">${state}</p>${action}</section>`;
      })
      .join('');
    const body = `<main><h1>Protokoll billing</h1>${rows || '<p>No active subscription.</p>'}
<p><a href="${escapeHtml(String(portal.return_url ?? '/'))}">Return to Protokoll</a></p></main>`;
    sendHtml(res, 200, page('Protokoll billing', body));
  }

  async function portalAction(
    req: IncomingMessage,
    res: ServerResponse,
    portalId: string,
    action: string,
  ) {
    const portal = portalSessions.get(portalId);
    const form = new URLSearchParams(await readBody(req));
    const subscription = subscriptions.get(form.get('subscription') ?? '');
    if (!portal || !subscription || subscription.customer !== portal.customer) {
      return sendHtml(res, 404, page('Not found', '<h1>Not found</h1>'));
    }
    await cancelAtPeriodEnd(String(subscription.id), action === 'cancel');
    redirect(res, `/portal/${portalId}`);
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    const text = await readBody(req);
    const body = (text ? JSON.parse(text) : {}) as Json;
    const match = /^\/control\/subscriptions\/([^/]+)\/([\w-]+)$/.exec(path);
    if (req.method === 'POST' && match) {
      const [, id, action] = match as unknown as [string, string, string];
      const actions: Record<string, () => Promise<void>> = {
        renew: () => renew(id),
        'payment-failed': () => failPayment(id),
        'cancel-at-period-end': () => cancelAtPeriodEnd(id, body.cancel !== false),
        end: () => endSubscription(id),
        'change-price': () => changePrice(id, String(body.lookup_key)),
      };
      const run = actions[action];
      if (!run) return sendJson(res, 404, { error: `unknown action ${action}` });
      await run();
      return sendJson(res, 200, subscriptions.get(id));
    }
    if (req.method === 'POST' && path === '/control/webhook') {
      target = typeof body.url === 'string' ? body.url : undefined;
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/control/fail') {
      failures.push(body as unknown as StripeFailure);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'POST' && path === '/control/reset') {
      failures = [];
      return sendJson(res, 200, { ok: true });
    }
    const redeliverMatch = /^\/control\/events\/([^/]+)\/redeliver$/.exec(path);
    if (req.method === 'POST' && redeliverMatch) {
      return sendJson(res, 200, { status: await redeliver(redeliverMatch[1]!) });
    }
    if (req.method === 'GET' && path === '/control/state') {
      return sendJson(res, 200, {
        customers: [...customers.values()].map((c) => ({
          id: c.id,
          email: c.email,
          metadata: c.metadata,
        })),
        subscriptions: [...subscriptions.values()].map((s) => {
          const item = itemOf(s);
          return {
            id: s.id,
            customer: s.customer,
            status: s.status,
            lookup_key: (item.price as Json).lookup_key,
            current_period_start: item.current_period_start,
            current_period_end: item.current_period_end,
            cancel_at_period_end: s.cancel_at_period_end,
            latest_invoice: s.latest_invoice,
          };
        }),
        events: events.map((e) => ({
          id: e.event.id,
          type: e.event.type,
          deliveries: e.deliveries,
        })),
      });
    }
    sendJson(res, 404, { error: `unknown control call ${req.method} ${path}` });
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = url.pathname;
    const fail = (error: unknown) => {
      if (!res.headersSent)
        sendJson(res, 500, { error: { type: 'api_error', message: (error as Error).message } });
      else res.destroy();
    };
    if (path === '/health') return sendJson(res, 200, { ok: true });
    if (path.startsWith('/v1/')) return void handleApi(req, res, url).catch(fail);
    if (path.startsWith('/control/')) return void control(req, res, path).catch(fail);
    const pay = /^\/pay\/([\w]+)$/.exec(path);
    if (pay && req.method === 'GET') return checkoutPage(res, pay[1]!);
    if (pay && req.method === 'POST') {
      return void completeSession(pay[1]!)
        .then((location) => redirect(res, location))
        .catch((error: unknown) =>
          error instanceof StripeApiError
            ? sendHtml(res, error.status, page('Checkout', `<h1>${escapeHtml(error.message)}</h1>`))
            : fail(error),
        );
    }
    const portal = /^\/portal\/(\w+)(?:\/(cancel|renew))?$/.exec(path);
    if (portal && req.method === 'GET' && !portal[2]) return portalPage(res, portal[1]!);
    if (portal && req.method === 'POST' && portal[2]) {
      return void portalAction(req, res, portal[1]!, portal[2]).catch(fail);
    }
    sendJson(res, 404, {
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${path})`,
      },
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    port,
    customers,
    prices,
    sessions,
    subscriptions,
    invoices,
    events,
    requests,
    setWebhook: (next) => {
      target = next;
    },
    pay: completeSession,
    renew,
    failPayment,
    cancelAtPeriodEnd,
    endSubscription,
    changePrice,
    deliver,
    redeliver,
    settled,
    fail: (failure) => {
      failures.push({ ...failure });
    },
    reset: () => {
      failures = [];
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
