import {
  CheckoutResponse,
  CheckoutStatusResponse,
  ErrorBody,
  MinutesResponse,
  PlanResponse,
  PortalResponse,
  SubscriptionResponse,
} from '@protokoll/contract';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allDefaultHandlers, billing, DEMO_TOKEN, demoUser, resetMockDb } from '../index.ts';

const API = 'http://app.test';
const server = setupServer(...allDefaultHandlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetMockDb();
});
afterAll(() => server.close());

const headers = { Authorization: `Bearer ${DEMO_TOKEN}` };

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${API}${path}`, {
    ...init,
    headers: { ...headers, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

function checkout(fields: Record<string, string>, language = 'de') {
  const form = new FormData();
  const all = {
    product_id: 'pro',
    interval: 'year',
    user_id: String(demoUser.id),
    metadata: JSON.stringify({ email: demoUser.email, current_plan: 'free' }),
    ...fields,
  };
  for (const [key, value] of Object.entries(all)) form.set(key, value);
  return call('/api/stripe/checkout', {
    method: 'POST',
    body: form,
    headers: { 'Accept-Language': language },
  });
}

describe('billing handlers (the app’s mock mode)', () => {
  it('a checkout returns to /successful-purchase, whose first status read applies the plan', async () => {
    const started = CheckoutResponse.parse((await checkout({ promo_code: 'fruehling' })).body);
    expect(started.checkout_url).toBe(
      `${API}/successful-purchase?session_id=${started.session_id}`,
    );
    const status = await call(`/api/checkout/status/${started.session_id}`);
    expect(CheckoutStatusResponse.parse(status.body).status).toBe('complete');

    expect(PlanResponse.parse((await call('/api/user/plan')).body).plan.id).toBe('pro');
    const { minutes } = MinutesResponse.parse((await call('/api/user/minutes')).body);
    expect(minutes).toMatchObject({ total: 1_200, remaining: 1_200, used: 0 });
    const { subscription } = SubscriptionResponse.parse(
      (await call('/api/billing/subscription')).body,
    );
    expect(subscription).toMatchObject({
      plan_id: 'pro',
      source: 'stripe',
      status: 'active',
      interval: 'year',
    });

    // A subscriber is sent to the portal, which returns to the subscription page.
    const again = await checkout({ product_id: 'business' }, 'en');
    expect(again.status).toBe(409);
    expect(ErrorBody.parse(again.body).code).toBe('subscriptionExists');
    const form = new FormData();
    form.set('user_id', String(demoUser.id));
    const portal = await call('/api/stripe/portalSession', {
      method: 'POST',
      body: form,
      headers: { 'Accept-Language': 'en-GB,en;q=0.8' },
    });
    expect(PortalResponse.parse(portal.body).url).toBe(`${API}/en/settings/subscription`);
  });

  it('English checkouts return to the English page', async () => {
    const started = CheckoutResponse.parse((await checkout({}, 'en')).body);
    expect(started.checkout_url).toMatch(`${API}/en/successful-purchase?session_id=`);
  });

  it('a cancelled checkout expires and changes nothing', async () => {
    const { session_id } = CheckoutResponse.parse((await checkout({})).body);
    const cancelled = await call('/api/checkout/cancel', {
      method: 'POST',
      body: JSON.stringify({ sessionId: session_id }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(cancelled.status).toBe(200);
    const status = await call(`/api/checkout/status/${session_id}`);
    expect(CheckoutStatusResponse.parse(status.body).status).toBe('expired');
    expect(PlanResponse.parse((await call('/api/user/plan')).body).plan.id).toBe('free');
    expect((await call('/api/checkout/status/cs_unknown')).status).toBe(404);
  });

  it('refuses an unknown promo code at its field, and the free plan', async () => {
    const unknown = await checkout({ promo_code: 'GIBTSNICHT' });
    expect(unknown.status).toBe(422);
    expect(ErrorBody.parse(unknown.body).issues).toEqual([
      { path: 'promo_code', message: 'validation.promoCodeUnknown' },
    ]);
    expect((await checkout({ product_id: 'free' })).status).toBe(404);
    expect((await checkout({ user_id: '999' })).status).toBe(404);
  });

  it('without a customer the portal answers 400; payments off answers 503', async () => {
    const form = new FormData();
    form.set('user_id', String(demoUser.id));
    const portal = await call('/api/stripe/portalSession', { method: 'POST', body: form });
    expect(portal.status).toBe(400);
    expect(ErrorBody.parse(portal.body).code).toBe('noStripeCustomer');

    server.use(...billing.paymentsDisabled());
    const off = await checkout({});
    expect(off.status).toBe(503);
    expect(ErrorBody.parse(off.body).code).toBe('paymentsDisabled');
  });
});
