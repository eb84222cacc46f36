import { endpoints } from '@protokoll/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { minutesLedger, paymentEvents, subscriptions, users } from '../../db/schema.ts';
import { monthPeriod, subscriptionPeriodKey } from '../../domain/billing/periods.ts';
import { reserveMinutes, settleMinutes } from '../../domain/minutes.ts';
import { signUp, type SignedUp } from '../../test/accounts.ts';
import { readResponse } from '../../test/client.ts';
import {
  billingApp,
  startCheckout,
  startTestPeer,
  subscribe,
  TEST_WEBHOOK_SECRET,
  type BillingApp,
} from '../../test/billing.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';

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

async function planOf(user: SignedUp, app = t) {
  return (await app.api.call(endpoints.getPlan, { token: user.token })).body.plan.id;
}

async function minutesOf(user: SignedUp, app = t) {
  return (await app.api.call(endpoints.getMinutes, { token: user.token })).body.minutes;
}

async function subscriptionOf(user: SignedUp, app = t) {
  return (await app.api.call(endpoints.getSubscription, { token: user.token })).body.subscription;
}

/** The user's grants, oldest first. */
function grantsOf(user: SignedUp) {
  return database()
    .db.select({
      minutes: minutesLedger.minutes,
      period: minutesLedger.period,
      reason: minutesLedger.reason,
    })
    .from(minutesLedger)
    .where(and(eq(minutesLedger.userId, user.user.id), eq(minutesLedger.kind, 'grant')))
    .orderBy(asc(minutesLedger.id));
}

/** Everything a replay must leave alone: plan, subscription row, ledger, processed events. */
async function snapshot(user: SignedUp) {
  const db = database().db;
  const [account] = await db.select().from(users).where(eq(users.id, user.user.id));
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.user.id));
  const ledger = await db
    .select()
    .from(minutesLedger)
    .where(eq(minutesLedger.userId, user.user.id));
  const events = await db.select().from(paymentEvents);
  return {
    plan: account?.planId,
    subscription: { ...row, updatedAt: undefined },
    ledger,
    events: events.length,
  };
}

function periodOf(subscriptionId: string): { start: number; end: number } {
  const item = (
    test.peer.subscriptions.get(subscriptionId)!.items as {
      data: { current_period_start: number; current_period_end: number }[];
    }
  ).data[0]!;
  return { start: item.current_period_start, end: item.current_period_end };
}

const keyOf = (seconds: number) => subscriptionPeriodKey(new Date(seconds * 1000));

function eventsOf(subscriptionId: string) {
  return test.peer.events.filter((record) => {
    const object = record.event.data as { object: Record<string, unknown> };
    const o = object.object;
    const parent = o.parent as { subscription_details?: { subscription?: string } } | undefined;
    return (
      o.id === subscriptionId ||
      o.subscription === subscriptionId ||
      parent?.subscription_details?.subscription === subscriptionId
    );
  });
}

describe('POST /api/stripe/webhook', () => {
  it('refuses a body without a valid signature with 400 and changes nothing', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'starter',
      interval: 'month',
    });
    const before = await snapshot(user);
    const renewal = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: { id: subscriptionId, object: 'subscription' } },
    });
    // The webhook takes raw signed bytes, which no typed call sends: requests by hand, answers
    // checked against the contract.
    const webhook = async (init: RequestInit) =>
      readResponse(
        endpoints.stripeWebhook,
        await t.app.request('/api/stripe/webhook', { method: 'POST', ...init }),
      );
    const forged = await webhook({
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=deadbeef' },
      body: renewal,
    });
    expect(forged.status).toBe(400);
    expect(forged.error.code).toBe('invalidInput');
    const unsigned = await webhook({
      headers: { 'Content-Type': 'application/json' },
      body: renewal,
    });
    expect(unsigned.status).toBe(400);
    // A real event whose bytes were changed after signing.
    const real = test.peer.events.at(-1)!;
    const body = JSON.stringify(real.event, null, 2);
    const { webhooks } = (await import('stripe')).default;
    const signature = webhooks.generateTestHeaderString({
      payload: body,
      secret: TEST_WEBHOOK_SECRET,
    });
    const tampered = await webhook({
      headers: { 'Stripe-Signature': signature },
      body: body.replace('"livemode": false', '"livemode": true'),
    });
    expect(tampered.status).toBe(400);
    expect(await snapshot(user)).toEqual(before);
  });

  it('applies a purchase once: plan, subscription record and one grant for its invoice', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'pro',
      interval: 'month',
    });
    for (const record of eventsOf(subscriptionId)) expect(record.deliveries).toEqual([200]);
    expect(eventsOf(subscriptionId).map((record) => record.event.type)).toEqual([
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    expect(await planOf(user)).toBe('pro');
    const { start } = periodOf(subscriptionId);
    const invoiceId = String(test.peer.subscriptions.get(subscriptionId)!.latest_invoice);
    expect(await grantsOf(user)).toEqual([
      { minutes: 1_200, period: keyOf(start), reason: `invoice:${invoiceId}` },
    ]);
    expect(await minutesOf(user)).toEqual({
      total: 1_200,
      used: 0,
      running: 0,
      remaining: 1_200,
      unlimited: false,
      has_active_plan: true,
    });
  });

  it('changes nothing when every event arrives again', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer);
    const before = await snapshot(user);
    for (const record of eventsOf(subscriptionId)) {
      expect(await test.peer.redeliver(record.event.id)).toBe(200);
    }
    expect(await snapshot(user)).toEqual(before);
  });

  it('grants a renewal once per invoice, in the new period; a replay grants nothing', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'starter',
      interval: 'month',
    });
    const first = periodOf(subscriptionId);
    await t.api.call(endpoints.getMinutes, { token: user.token });
    await useMinutes(user, 100);
    expect(await minutesOf(user)).toMatchObject({ total: 300, used: 100, remaining: 200 });

    await test.peer.renew(subscriptionId);
    const second = periodOf(subscriptionId);
    expect(second.start).toBeGreaterThan(first.start);
    expect(await minutesOf(user)).toMatchObject({ total: 300, used: 0, remaining: 300 });
    const invoicePaid = test.peer.events.at(-1)!;
    expect(invoicePaid.event.type).toBe('invoice.paid');
    await test.peer.redeliver(invoicePaid.event.id);
    await test.peer.renew(subscriptionId);
    const third = periodOf(subscriptionId);

    const grants = await grantsOf(user);
    expect(grants.map((grant) => [grant.period, grant.minutes])).toEqual([
      [keyOf(first.start), 300],
      [keyOf(second.start), 300],
      [keyOf(third.start), 300],
    ]);
    expect(new Set(grants.map((grant) => grant.reason)).size).toBe(3);
    expect(await planOf(user)).toBe('starter');
  });

  it('marks a failed renewal past due: the plan stays, no new minutes until it is paid', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'starter',
      interval: 'month',
    });
    await useMinutes(user, 50);
    await test.peer.failPayment(subscriptionId);
    expect(await subscriptionOf(user)).toMatchObject({
      plan_id: 'starter',
      source: 'stripe',
      status: 'past_due',
    });
    expect(await planOf(user)).toBe('starter');
    // Still spending what is left of the last paid period.
    expect(await minutesOf(user)).toMatchObject({ total: 300, used: 50, remaining: 250 });

    await test.peer.renew(subscriptionId); // Stripe's retry succeeds
    expect(await subscriptionOf(user)).toMatchObject({ status: 'active' });
    expect(await minutesOf(user)).toMatchObject({ total: 300, used: 0, remaining: 300 });
    expect(await grantsOf(user)).toHaveLength(2);
  });

  it('keeps the plan until the period ends after a cancellation, then Free', async () => {
    const user = await signUp(t.api);
    // A Free month with some use, before buying.
    await useMinutes(user, 10);
    expect(await minutesOf(user)).toMatchObject({ total: 30, used: 10 });
    const res = await startCheckout(t.api, user, { product_id: 'pro', interval: 'year' });
    const sessionId = res.body.session_id!;
    await test.peer.pay(sessionId);
    const subscriptionId = String(test.peer.sessions.get(sessionId)!.subscription);
    expect(await minutesOf(user)).toMatchObject({ total: 1_200, used: 0 });

    await test.peer.cancelAtPeriodEnd(subscriptionId);
    const { end } = periodOf(subscriptionId);
    expect(await subscriptionOf(user)).toMatchObject({
      plan_id: 'pro',
      source: 'stripe',
      status: 'active',
      interval: 'year',
      cancel_at_period_end: true,
      cancel_at: new Date(end * 1000).toISOString(),
      current_period_end: new Date(end * 1000).toISOString(),
    });
    expect(await planOf(user)).toBe('pro');

    await test.peer.endSubscription(subscriptionId);
    expect(await planOf(user)).toBe('free');
    expect(await subscriptionOf(user)).toMatchObject({
      plan_id: 'free',
      source: 'free',
      status: 'canceled',
      portal_available: true,
    });
    // Back in the calendar month: the Free grant it already had, not a second one.
    expect(await minutesOf(user)).toMatchObject({ total: 30, used: 10, remaining: 20 });
    const grants = await grantsOf(user);
    expect(grants.filter((grant) => grant.reason === 'free-monthly')).toEqual([
      { minutes: 30, period: monthPeriod(new Date()), reason: 'free-monthly' },
    ]);
  });

  it('tops a period up to the new plan’s allowance when an upgrade invoice is paid', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'starter',
      interval: 'month',
    });
    await useMinutes(user, 40);
    await test.peer.changePrice(subscriptionId, 'protokoll_pro_month');
    expect(await planOf(user)).toBe('pro');
    expect(await minutesOf(user)).toMatchObject({ total: 1_200, used: 40, remaining: 1_160 });
    const { start } = periodOf(subscriptionId);
    const grants = await grantsOf(user);
    expect(grants.map((grant) => [grant.period, grant.minutes])).toEqual([
      [keyOf(start), 300],
      [keyOf(start), 900],
    ]);
    // The upgrade's invoice again: nothing more.
    await test.peer.redeliver(test.peer.events.at(-1)!.event.id);
    expect(await grantsOf(user)).toHaveLength(2);
  });

  it('answers 502/503 while Stripe cannot be asked, so Stripe delivers again, and applies it then', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer, {
      product_id: 'starter',
      interval: 'month',
    });
    test.peer.fail({ status: 500, path: '/v1/subscriptions' });
    await test.peer.cancelAtPeriodEnd(subscriptionId);
    const record = test.peer.events.at(-1)!;
    expect(record.deliveries).toEqual([502]);
    expect(await subscriptionOf(user)).toMatchObject({ cancel_at_period_end: false });
    test.peer.reset();
    expect(await test.peer.redeliver(record.event.id)).toBe(200);
    expect(await subscriptionOf(user)).toMatchObject({ cancel_at_period_end: true });
  });

  it('acknowledges events of customers it does not know, changing nothing', async () => {
    const { user, subscriptionId } = await subscribe(t, test.peer);
    await database()
      .db.update(subscriptions)
      .set({ customerId: 'cus_somebody_else' })
      .where(eq(subscriptions.userId, user.user.id));
    const before = await snapshot(user);
    await test.peer.endSubscription(subscriptionId);
    expect(test.peer.events.at(-1)!.deliveries).toEqual([200]);
    expect({ ...(await snapshot(user)), events: 0 }).toEqual({ ...before, events: 0 });
    expect(await planOf(user)).toBe('pro');
  });
});

describe('events out of order', () => {
  let held: Awaited<ReturnType<typeof startTestPeer>>;
  let h: BillingApp;
  beforeAll(async () => {
    held = await startTestPeer({ autoDeliver: false });
    h = await billingApp(database(), held);
  });
  afterAll(async () => {
    await held.peer.close();
  });

  async function purchase(product_id = 'pro') {
    const user = await signUp(h.api);
    const res = await startCheckout(h.api, user, { product_id, interval: 'month' });
    const sessionId = res.body.session_id!;
    await held.peer.pay(sessionId);
    const subscriptionId = String(held.peer.sessions.get(sessionId)!.subscription);
    return { user, sessionId, subscriptionId };
  }

  const idsOf = (from: number) => held.peer.events.slice(from).map((record) => record.event.id);

  it('ends in the same state whatever order a purchase’s events arrive in', async () => {
    const from = held.peer.events.length;
    const { user, sessionId } = await purchase();
    expect(await planOf(user, h)).toBe('free');
    await held.peer.deliver(idsOf(from).reverse());
    expect(await planOf(user, h)).toBe('pro');
    expect(await minutesOf(user, h)).toMatchObject({ total: 1_200, used: 0 });
    const status = await h.api.call(endpoints.checkoutStatus, {
      params: { sessionId },
      token: user.token,
    });
    expect(status.body).toEqual({ success: true, status: 'complete' });
  });

  it('never lets an older event undo a newer state', async () => {
    const from = held.peer.events.length;
    const { user, subscriptionId } = await purchase('starter');
    await held.peer.deliver(idsOf(from));
    const cancelFrom = held.peer.events.length;
    await held.peer.cancelAtPeriodEnd(subscriptionId);
    await held.peer.endSubscription(subscriptionId);
    const [cancelled, deleted] = idsOf(cancelFrom) as [string, string];
    // The end first, then the (older) cancellation: still ended, still Free.
    await held.peer.deliver([deleted, cancelled]);
    expect(await planOf(user, h)).toBe('free');
    expect(await subscriptionOf(user, h)).toMatchObject({ status: 'canceled', source: 'free' });
    // And the purchase's own events once more, late: nothing comes back.
    await held.peer.deliver(idsOf(from).slice(0, 4));
    expect(await planOf(user, h)).toBe('free');
  });

  it('grants a renewal paid before its subscription update arrives, in the new period', async () => {
    const from = held.peer.events.length;
    const { user, subscriptionId } = await purchase('starter');
    await held.peer.deliver(idsOf(from));
    const renewFrom = held.peer.events.length;
    await held.peer.renew(subscriptionId);
    const [updated, paid] = idsOf(renewFrom) as [string, string];
    await held.peer.deliver([paid]);
    const item = (
      held.peer.subscriptions.get(subscriptionId)!.items as {
        data: { current_period_start: number }[];
      }
    ).data[0]!;
    const grants = await grantsOf(user);
    expect(grants.at(-1)).toMatchObject({ period: keyOf(item.current_period_start), minutes: 300 });
    await held.peer.deliver([updated]);
    expect(await grantsOf(user)).toHaveLength(2);
    expect(await minutesOf(user, h)).toMatchObject({ total: 300, used: 0 });
  });
});

/** Spends `minutes` of the current period the way a finished upload does. */
let noteCounter = 0;
async function useMinutes(user: SignedUp, minutes: number) {
  const db = database().db;
  noteCounter += 1;
  const note = await seedNote(db, user.user.id, { name: `billing-${noteCounter}` });
  await db.transaction(async (tx) => {
    await reserveMinutes(tx, { userId: user.user.id, noteId: note.id, minutes, run: 1 });
    await settleMinutes(tx, note.id, 'charge');
  });
}
