import { createServer } from 'node:net';
import { endpoints, type ErrorBody } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, subscriptions } from '../../db/schema.ts';
import { createStripePayments } from '../../providers/payments/index.ts';
import { accountsApp, signUp, type SignedUp } from '../../test/accounts.ts';
import { readResponse, type TestResponse } from '../../test/client.ts';
import {
  billingApp,
  startCheckout,
  startTestPeer,
  stripeConfigFor,
  subscribe,
  type BillingApp,
} from '../../test/billing.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let test: Awaited<ReturnType<typeof startTestPeer>>;
let t: BillingApp;

beforeAll(async () => {
  test = await startTestPeer();
  t = await billingApp(database(), test);
});
afterAll(async () => {
  await test.peer.close();
});
beforeEach(() => {
  test.peer.reset();
});

const peerRequests = (method: string, path: string) =>
  test.peer.requests.filter((r) => r.method === method && r.path.startsWith(path));

/** The error body of an answer that must have `status` (checked against the contract on arrival). */
function errorOf(res: TestResponse, status: number): ErrorBody {
  expect(res.status).toBe(status);
  return res.error;
}

async function subscriptionOf(user: SignedUp) {
  const res = await t.api.call(endpoints.getSubscription, { token: user.token });
  expect(res.status).toBe(200);
  return res.body.subscription;
}

async function planOf(user: SignedUp) {
  return (await t.api.call(endpoints.getPlan, { token: user.token })).body.plan.id;
}

async function minutesOf(user: SignedUp) {
  return (await t.api.call(endpoints.getMinutes, { token: user.token })).body.minutes;
}

describe('POST /api/stripe/checkout', () => {
  it('starts a subscription checkout with the plan’s price by lookup key, for the user’s one customer', async () => {
    const user = await signUp(t.api);
    const res = await startCheckout(t.api, user, { product_id: 'pro', interval: 'year' });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.success).toBe(true);
    expect(body.checkout_url).toBe(`${test.peer.url}/pay/${body.session_id}`);

    const [customer] = [...test.peer.customers.values()].filter((c) => c.email === user.email);
    expect(customer?.metadata).toEqual({ user_id: String(user.user.id) });
    expect(customer?.name).toBe('Anna Muster');
    const session = test.peer.sessions.get(body.session_id!)!;
    const price = test.peer.prices.get((session.line_items_input as { price: string }[])[0]!.price);
    expect(price?.lookup_key).toBe('protokoll_pro_year');
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: customer?.id,
      client_reference_id: String(user.user.id),
      success_url: 'https://protokoll.example/successful-purchase?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://protokoll.example/buy?checkout=cancelled',
      locale: 'de',
      metadata: {
        user_id: String(user.user.id),
        email: user.email,
        current_plan: 'free',
        plan_id: 'pro',
        interval: 'year',
      },
      subscription_metadata: { user_id: String(user.user.id) },
    });
    // The SDK's real protocol: its API version, idempotency keys on every POST.
    const create = peerRequests('POST', '/v1/checkout/sessions')[0];
    expect(create?.stripeVersion).toBe('2026-10-28.endive');
    expect(create?.idempotencyKey).toBeTruthy();

    // Nothing changes before Stripe's events: still Free, the checkout is open.
    expect(await planOf(user)).toBe('free');
    const [row] = await database()
      .db.select()
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, body.session_id!));
    expect(row).toMatchObject({ userId: user.user.id, planId: 'pro', status: 'open' });

    // A second checkout reuses the customer.
    const again = await startCheckout(t.api, user, { product_id: 'starter', interval: 'month' });
    expect(again.status).toBe(200);
    expect(peerRequests('POST', '/v1/customers')).toHaveLength(1);
    const second = test.peer.sessions.get(again.body.session_id!);
    expect(second?.customer).toBe(customer?.id);
  });

  it('sends English users back to /en pages (Accept-Language, as the web client sends it)', async () => {
    const user = await signUp(t.api);
    const res = await startCheckout(t.api, user, {}, { 'Accept-Language': 'en' });
    const session = test.peer.sessions.get(res.body.session_id!);
    expect(session).toMatchObject({
      success_url:
        'https://protokoll.example/en/successful-purchase?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://protokoll.example/en/buy?checkout=cancelled',
      locale: 'en',
    });
  });

  it('passes a promotion code found through Stripe’s promotion codes', async () => {
    const user = await signUp(t.api);
    const res = await startCheckout(t.api, user, { promo_code: ' FRUEHLING ' });
    expect(res.status).toBe(200);
    const lookup = peerRequests('GET', '/v1/promotion_codes')[0];
    expect(lookup?.params).toMatchObject({ code: 'FRUEHLING', active: 'true' });
    const session = test.peer.sessions.get(res.body.session_id!)!;
    const promo = (session.discounts as { promotion_code: string }[])[0]?.promotion_code;
    expect(promo).toMatch(/^promo_/);
    expect(session.amount_total).toBe(23_200);
  });

  it('refuses an unknown or inactive promotion code with 422 on promo_code, creating nothing', async () => {
    const user = await signUp(t.api);
    for (const code of ['GIBTESNICHT', 'ALT']) {
      const body = errorOf(await startCheckout(t.api, user, { promo_code: code }), 422);
      expect(body).toMatchObject({
        code: 'validation',
        issues: [{ path: 'promo_code', message: 'validation.promoCodeUnknown' }],
      });
    }
    expect(peerRequests('POST', '/v1/customers')).toHaveLength(0);
    expect(peerRequests('POST', '/v1/checkout/sessions')).toHaveLength(0);
  });

  it('answers 404 "Plan not found" for a plan that cannot be bought, creating nothing', async () => {
    const user = await signUp(t.api);
    for (const product_id of ['platin', 'free']) {
      const body = errorOf(await startCheckout(t.api, user, { product_id }), 404);
      expect(body).toMatchObject({ code: 'planNotFound', message: 'Plan not found' });
    }
    expect(peerRequests('POST', '/v1/customers')).toHaveLength(0);
  });

  it('answers 404 for another user’s id and creates nothing', async () => {
    const user = await signUp(t.api);
    const other = await signUp(t.api);
    const body = errorOf(await startCheckout(t.api, user, { user_id: other.user.id }), 404);
    expect(body.code).toBe('notFound');
    expect(test.peer.requests).toHaveLength(0);
    const rows = await database()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, other.user.id));
    expect(rows).toHaveLength(0);
  });

  it('validates the form and needs a session', async () => {
    const user = await signUp(t.api);
    const bad = errorOf(
      await t.api.unchecked(endpoints.createCheckout, {
        token: user.token,
        body: {
          product_id: 'pro',
          interval: 'week',
          user_id: user.user.id,
          metadata: { email: user.email, current_plan: user.user.planId },
        },
      }),
      422,
    );
    expect(bad.issues?.map((issue) => issue.path)).toEqual(['interval']);
    const anonymous = await t.api.unchecked(endpoints.createCheckout, {
      body: { product_id: 'pro' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a second subscription: changes go through the portal', async () => {
    const { user } = await subscribe(t, test.peer, { product_id: 'starter', interval: 'month' });
    const body = errorOf(await startCheckout(t.api, user), 409);
    expect(body.code).toBe('subscriptionExists');
  });

  it('answers 502 when Stripe fails and 503 when it cannot be reached, with the server-error text', async () => {
    const user = await signUp(t.api);
    test.peer.fail({ status: 500, path: '/v1/prices' });
    const failed = errorOf(await startCheckout(t.api, user), 502);
    expect(failed).toMatchObject({
      code: 'server',
      message: 'Server error. Please try again later.',
    });
    test.peer.reset();

    const closed = await closedPort();
    const unreachable = await accountsApp(
      database(),
      {},
      {
        payments: createStripePayments(stripeConfigFor(`http://127.0.0.1:${closed}`)),
      },
    );
    const other = await signUp(unreachable.api);
    const res = await startCheckout(unreachable.api, other);
    expect(errorOf(res, 503)).toMatchObject({
      code: 'server',
      message: 'Server error. Please try again later.',
    });
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /api/checkout/status/{sessionId} and POST /api/checkout/cancel', () => {
  it('reads open until the payment events changed the plan, then complete', async () => {
    const user = await signUp(t.api);
    const res = await startCheckout(t.api, user);
    const sessionId = res.body.session_id!;
    const status = async () => {
      const answer = await t.api.call(endpoints.checkoutStatus, {
        params: { sessionId },
        token: user.token,
      });
      expect(answer.status).toBe(200);
      return answer.body.status;
    };
    expect(await status()).toBe('open');
    await test.peer.pay(sessionId);
    expect(await status()).toBe('complete');
    expect(await planOf(user)).toBe('pro');
    expect(await minutesOf(user)).toMatchObject({ total: 1_200, used: 0, remaining: 1_200 });
  });

  it('answers 404 for another user’s session and for unknown ones', async () => {
    const owner = await signUp(t.api);
    const other = await signUp(t.api);
    const sessionId = (await startCheckout(t.api, owner)).body.session_id!;
    for (const id of [sessionId, 'cs_test_unknown']) {
      errorOf(
        await t.api.call(endpoints.checkoutStatus, {
          params: { sessionId: id },
          token: other.token,
        }),
        404,
      );
      errorOf(
        await t.api.call(endpoints.cancelCheckout, { token: other.token, body: { sessionId: id } }),
        404,
      );
    }
    expect(test.peer.sessions.get(sessionId)?.status).toBe('open');
  });

  it('cancels: the session is expired at Stripe and reads expired; nothing else changes', async () => {
    const user = await signUp(t.api);
    const sessionId = (await startCheckout(t.api, user)).body.session_id!;
    const res = await t.api.call(endpoints.cancelCheckout, {
      token: user.token,
      body: { sessionId },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Checkout cancelled' });
    expect(test.peer.sessions.get(sessionId)?.status).toBe('expired');
    const status = await t.api.call(endpoints.checkoutStatus, {
      params: { sessionId },
      token: user.token,
    });
    expect(status.body.status).toBe('expired');
    expect(await planOf(user)).toBe('free');
    await expect(test.peer.pay(sessionId)).rejects.toThrow(/expired/);
  });

  it('leaves a paid session paid when the cancel arrives late', async () => {
    const { user, sessionId } = await subscribe(t, test.peer);
    const res = await t.api.call(endpoints.cancelCheckout, {
      token: user.token,
      body: { sessionId },
    });
    expect(res.status).toBe(200);
    expect(await planOf(user)).toBe('pro');
    const status = await t.api.call(endpoints.checkoutStatus, {
      params: { sessionId },
      token: user.token,
    });
    expect(status.body.status).toBe('complete');
  });

  it('reads expired once Stripe expired the session on its own', async () => {
    const user = await signUp(t.api);
    const sessionId = (await startCheckout(t.api, user)).body.session_id!;
    test.peer.sessions.get(sessionId)!.status = 'expired';
    const status = await t.api.call(endpoints.checkoutStatus, {
      params: { sessionId },
      token: user.token,
    });
    expect(status.body.status).toBe('expired');
  });
});

describe('POST /api/stripe/portalSession', () => {
  it('answers 400 "No Stripe customer found for this user" before the first checkout', async () => {
    const user = await signUp(t.api);
    const body = errorOf(
      await t.api.call(endpoints.createPortalSession, {
        token: user.token,
        body: { user_id: user.user.id },
      }),
      400,
    );
    expect(body).toMatchObject({
      code: 'noStripeCustomer',
      message: 'No Stripe customer found for this user',
    });
  });

  it('opens the portal for the user’s customer, returning to the subscription page', async () => {
    const { user } = await subscribe(t, test.peer);
    const res = await t.api.call(endpoints.createPortalSession, {
      token: user.token,
      headers: { 'Accept-Language': 'en-GB,en;q=0.9' },
      body: { user_id: user.user.id },
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.url).toMatch(new RegExp(`^${test.peer.url}/portal/bps_`));
    const request = peerRequests('POST', '/v1/billing_portal/sessions')[0];
    expect(request?.params).toMatchObject({
      return_url: 'https://protokoll.example/en/settings/subscription',
      locale: 'en',
    });
    const [row] = await database()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.user.id));
    expect(request?.params.customer).toBe(row?.customerId);
  });

  it('answers 404 for another user’s id', async () => {
    const { user } = await subscribe(t, test.peer);
    const other = await signUp(t.api);
    errorOf(
      await t.api.call(endpoints.createPortalSession, {
        token: other.token,
        body: { user_id: user.user.id },
      }),
      404,
    );
    expect(peerRequests('POST', '/v1/billing_portal/sessions')).toHaveLength(0);
  });

  it('answers 502 with the server-error text when Stripe answers with an error', async () => {
    const { user } = await subscribe(t, test.peer);
    test.peer.fail({ status: 503, path: '/v1/billing_portal' });
    const body = errorOf(
      await t.api.call(endpoints.createPortalSession, {
        token: user.token,
        body: { user_id: user.user.id },
      }),
      502,
    );
    expect(body.code).toBe('server');
  });
});

describe('GET /api/billing/subscription', () => {
  it('shows Free without a subscription, then the bought plan with its renewal date', async () => {
    const user = await signUp(t.api);
    expect(await subscriptionOf(user)).toEqual({
      plan_id: 'free',
      source: 'free',
      status: null,
      interval: null,
      current_period_end: null,
      cancel_at_period_end: false,
      cancel_at: null,
      portal_available: false,
      payments_enabled: true,
    });

    const bought = await subscribe(t, test.peer, { product_id: 'business', interval: 'month' });
    const item = (
      test.peer.subscriptions.get(bought.subscriptionId)!.items as {
        data: { current_period_end: number }[];
      }
    ).data[0]!;
    expect(await subscriptionOf(bought.user)).toEqual({
      plan_id: 'business',
      source: 'stripe',
      status: 'active',
      interval: 'month',
      current_period_end: new Date(item.current_period_end * 1000).toISOString(),
      cancel_at_period_end: false,
      cancel_at: null,
      portal_available: true,
      payments_enabled: true,
    });
  });
});

describe('DELETE /api/user', () => {
  it('ends the subscription at Stripe first, and keeps the account when Stripe cannot', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer);
    test.peer.fail({ status: 500, path: '/v1/subscriptions' });
    const refused = await t.api.call(endpoints.deleteUser, {
      token: user.token,
      body: { confirmation: 'DELETE' },
    });
    expect(errorOf(refused, 502).code).toBe('server');
    expect(await planOf(user)).toBe('pro');
    test.peer.reset();

    const res = await t.api.call(endpoints.deleteUser, {
      token: user.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    await test.peer.settled();
    expect(test.peer.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(peerRequests('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    const rows = await database()
      .db.select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('without STRIPE_SECRET_KEY', () => {
  let off: Awaited<ReturnType<typeof accountsApp>>;
  beforeAll(async () => {
    off = await accountsApp(database());
  });

  it('shows the plans and tells the client before anyone clicks', async () => {
    const plans = (await off.api.call(endpoints.listPlans)).body;
    expect(plans.plans.map((plan) => plan.id)).toEqual(['free', 'starter', 'pro', 'business']);
    expect(plans.payments_enabled).toBe(false);
    const capabilities = (await off.api.call(endpoints.getCapabilities)).body;
    expect(capabilities.payments_enabled).toBe(false);
    const withPayments = (await t.api.call(endpoints.getCapabilities)).body;
    expect(withPayments.payments_enabled).toBe(true);
  });

  it('answers every billing call with a translated "payments are not configured"', async () => {
    const user = await signUp(off.api);
    const german = errorOf(await startCheckout(off.api, user), 503);
    expect(german).toMatchObject({
      code: 'paymentsDisabled',
      message: 'Zahlungen sind nicht eingerichtet.',
    });
    const english = errorOf(
      await startCheckout(off.api, user, {}, { 'Accept-Language': 'en' }),
      503,
    );
    expect(english.message).toBe('Payments are not configured.');
    for (const res of [
      await off.api.call(endpoints.createPortalSession, {
        token: user.token,
        body: { user_id: user.user.id },
      }),
      await off.api.call(endpoints.checkoutStatus, {
        params: { sessionId: 'cs_test_x' },
        token: user.token,
      }),
      await off.api.call(endpoints.cancelCheckout, {
        token: user.token,
        body: { sessionId: 'cs_test_x' },
      }),
      // The webhook takes raw signed bytes, which no typed call sends.
      await readResponse(
        endpoints.stripeWebhook,
        await off.app.request('/api/stripe/webhook', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ id: 'evt_x' }),
        }),
      ),
    ]) {
      expect(errorOf(res, 503).code).toBe('paymentsDisabled');
    }
    const { subscription } = (await off.api.call(endpoints.getSubscription, { token: user.token }))
      .body;
    expect(subscription).toMatchObject({ source: 'free', payments_enabled: false });
  });

  it('logs the refusal as an expected answer: at info, no "request failed"', async () => {
    const user = await signUp(off.api);
    off.logs.length = 0;
    errorOf(await startCheckout(off.api, user), 503);
    const lines = off.logs.filter((line) => line.level !== 'debug');
    expect(lines).toEqual([
      expect.objectContaining({ level: 'info', msg: 'request', status: 503 }),
    ]);
  });
});
