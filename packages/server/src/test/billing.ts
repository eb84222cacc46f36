import { endpoints, type BodyOf } from '@protokoll/contract';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { StripeConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createStripePayments, type Payments } from '../providers/payments/index.ts';
import { startStripePeer, type StripePeer } from '../../../../tests/peers/stripe.ts';
import { accountsApp, signUp, type AccountsApp, type SignedUp } from './accounts.ts';
import { readResponse, type TestClient, type TestResponse } from './client.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_test_protokoll_billing';

/** The Stripe settings of a server that talks to `peerUrl` (or a closed port, to be unreachable). */
export function stripeConfigFor(peerUrl: string): StripeConfig {
  const url = new URL(peerUrl);
  return {
    secretKey: 'sk_test_protokoll',
    webhookSecret: TEST_WEBHOOK_SECRET,
    priceLookupPrefix: 'protokoll_',
    apiBase: { protocol: 'http', host: url.hostname, port: Number(url.port) },
  };
}

/** A Stripe peer that delivers its events to whichever app `deliverTo` names. */
export async function startTestPeer(options: { autoDeliver?: boolean } = {}) {
  let app: App | undefined;
  const peer = await startStripePeer({
    webhookSecret: TEST_WEBHOOK_SECRET,
    ...options,
    webhook: async (body, headers) => {
      if (!app) return { status: 0 };
      // The webhook takes Stripe's signed bytes as they are, so no typed call can send it.
      const raw = await app.request('/api/stripe/webhook', { method: 'POST', headers, body });
      // An answer outside the contract throws, which the peer records as a failed delivery (0).
      return { status: (await readResponse(endpoints.stripeWebhook, raw)).status };
    },
  });
  return {
    peer,
    deliverTo(next: App) {
      app = next;
    },
  };
}

export interface BillingApp extends AccountsApp {
  payments: Payments;
}

/** The app with payments through the peer; the peer's events go to this app. */
export async function billingApp(
  database: Database,
  test: Awaited<ReturnType<typeof startTestPeer>>,
): Promise<BillingApp> {
  const payments = createStripePayments(stripeConfigFor(test.peer.url));
  const app = await accountsApp(database, {}, { payments });
  test.deliverTo(app.app);
  return { ...app, payments };
}

/** The checkout form's fields a test may set; the rest are the user's own (their id, e-mail, plan). */
export type CheckoutFields = Partial<BodyOf<typeof endpoints.createCheckout>>;

/** `POST /api/stripe/checkout` for `user`: a yearly Pro checkout unless told otherwise. */
export function startCheckout(
  api: TestClient,
  user: SignedUp,
  fields: CheckoutFields = {},
  headers: Record<string, string> = {},
): Promise<TestResponse<typeof endpoints.createCheckout>> {
  return api.call(endpoints.createCheckout, {
    token: user.token,
    headers,
    body: {
      product_id: 'pro',
      interval: 'year',
      user_id: user.user.id,
      metadata: { email: user.email, current_plan: user.user.planId },
      ...fields,
    },
  });
}

/** Signs up, checks out `product_id`/`interval` and pays at the peer: a subscriber. */
export async function subscribe(
  t: BillingApp,
  peer: StripePeer,
  fields: CheckoutFields = {},
): Promise<{ user: SignedUp; sessionId: string; subscriptionId: string }> {
  const user = await signUp(t.api);
  const res = await startCheckout(t.api, user, fields);
  expect(res.status).toBe(200);
  const sessionId = res.body.session_id!;
  await peer.pay(sessionId);
  const subscriptionId = String(peer.sessions.get(sessionId)?.subscription);
  return { user, sessionId, subscriptionId };
}
