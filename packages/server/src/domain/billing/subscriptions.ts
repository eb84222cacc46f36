import { FREE_PLAN_TYPE, SubscriptionStatus, type BillingSubscription } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users, type User } from '../../db/schema.ts';
import { DEFAULT_PLAN, planById } from '../plans.ts';
import {
  PaymentsError,
  type InvoiceInfo,
  type InvoiceLine,
  type PaymentInterval,
  type Payments,
  type SubscriptionInfo,
} from '../../providers/payments/index.ts';
import { viaProvider, type BillingDeps } from './deps.ts';
import {
  allowanceMonthStart,
  invoiceReason,
  isEntitling,
  subscriptionEntitles,
  subscriptionPeriodKey,
  topUpGrant,
} from './periods.ts';

/** A subscription as Stripe reports it now, with the plan its price stands for. */
export interface SubscriptionSnapshot {
  info: SubscriptionInfo;
  /** Undefined for a price that is not one of ours. */
  plan: { planId: string; interval: PaymentInterval } | undefined;
}

/** What a paid invoice grants: a plan's allowance in one quota period. */
export interface InvoiceGrant {
  invoiceId: string;
  planId: string;
  period: string;
  minutes: number;
}

/** The subscription as Stripe has it now; undefined when Stripe does not know it. */
export async function fetchSubscription(
  payments: Payments,
  id: string,
): Promise<SubscriptionSnapshot | undefined> {
  try {
    const info = await payments.retrieveSubscription(id);
    return { info, plan: payments.planOfLookupKey(info.price?.lookupKey ?? null) };
  } catch (error) {
    if (error instanceof PaymentsError && error.reason === 'not_found') return undefined;
    throw error;
  }
}

/** The line that says what was bought: the latest charge (an upgrade's new plan, not its credit). */
function purchasedLine(lines: InvoiceLine[]): InvoiceLine | undefined {
  return lines
    .filter((line) => line.amount >= 0 && line.priceId)
    .sort(
      (a, b) =>
        b.periodStart.getTime() - a.periodStart.getTime() ||
        Number(a.proration) - Number(b.proration),
    )[0];
}

/**
 * What a paid invoice grants (docs/billing.md#minutes-of-paid-plans): the allowance of the plan
 * it charged for, in the quota period its line starts in. A renewal starts a new period; an
 * upgrade's proration invoice lands in the running period, which it tops up to the new plan's
 * allowance.
 */
export async function invoiceGrantOf(
  payments: Payments,
  invoice: InvoiceInfo,
  snapshot: SubscriptionSnapshot | undefined,
): Promise<InvoiceGrant | undefined> {
  if (invoice.status !== 'paid' || !invoice.id) return undefined;
  const line = purchasedLine(invoice.lines);
  if (!line?.priceId) return undefined;
  const known = snapshot?.info.price;
  const lookupKey =
    known?.id === line.priceId
      ? known.lookupKey
      : (await payments.retrievePrice(line.priceId)).lookupKey;
  const bought = payments.planOfLookupKey(lookupKey);
  const plan = bought ? planById(bought.planId) : undefined;
  if (!plan || plan.id !== bought?.planId || !plan.minutes_per_month) return undefined;
  // The billing period the line belongs to: the subscription's current one when the line ends
  // with it (a proration starts mid-period), else the line's own (an older invoice).
  const current = snapshot?.info;
  const periodStart =
    current && current.currentPeriodEnd.getTime() === line.periodEnd.getTime()
      ? current.currentPeriodStart
      : line.periodStart;
  return {
    invoiceId: invoice.id,
    planId: plan.id,
    minutes: plan.minutes_per_month,
    period: subscriptionPeriodKey(allowanceMonthStart(periodStart, line.periodStart)),
  };
}

/** Grants what an invoice paid for, once: its id names the ledger row. */
export function applyInvoiceGrant(tx: Db, userId: number, grant: InvoiceGrant): Promise<number> {
  return topUpGrant(tx, {
    userId,
    period: grant.period,
    minutes: grant.minutes,
    reason: invoiceReason(grant.invoiceId),
  });
}

/** The user a Stripe customer was created for. */
export async function userOfCustomer(db: Db, customerId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.customerId, customerId));
  return row?.userId;
}

/** Stripe's status; one this code does not know yet counts as not (yet) paid. */
function toStatus(status: string): SubscriptionStatus {
  const parsed = SubscriptionStatus.safeParse(status);
  return parsed.success ? parsed.data : 'incomplete';
}

/**
 * Writes the subscription as Stripe reports it and moves the user's plan with it: the plan while
 * it is active, trialing or past due; Free once it has ended. Every event reads the subscription
 * from Stripe before this, so an old or repeated event writes today's state, never yesterday's.
 * Call inside the transaction that holds the user's lock.
 */
export async function applySubscription(
  tx: Db,
  userId: number,
  snapshot: SubscriptionSnapshot,
): Promise<void> {
  const { info, plan } = snapshot;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .for('update');
  if (!row) return;
  const entitles = isEntitling(info.status, plan?.planId ?? null);
  // A second subscription (bought elsewhere, or an old one's late event) never replaces the one
  // that gives the user a plan, unless it gives one itself.
  if (
    row.subscriptionId &&
    row.subscriptionId !== info.id &&
    subscriptionEntitles(row) &&
    !entitles
  )
    return;
  await tx
    .update(subscriptions)
    .set({
      subscriptionId: info.id,
      planId: plan?.planId ?? null,
      interval: plan?.interval ?? null,
      status: toStatus(info.status),
      startedAt: info.startedAt,
      currentPeriodStart: info.currentPeriodStart,
      currentPeriodEnd: info.currentPeriodEnd,
      cancelAtPeriodEnd: info.cancelAtPeriodEnd,
      cancelAt: info.cancelAt,
    })
    .where(eq(subscriptions.userId, userId));
  const before = subscriptionEntitles(row) ? row.planId : undefined;
  const after = entitles ? plan?.planId : undefined;
  // Only a change of entitlement moves the plan: a plan granted by the admin command stays when an
  // ended subscription reports again.
  if (before !== after) {
    await tx
      .update(users)
      .set({ planId: after ?? DEFAULT_PLAN.id })
      .where(eq(users.id, userId));
  }
}

/** The user's plan and subscription as the subscription page shows them. */
export async function subscriptionState(
  deps: Pick<BillingDeps, 'db' | 'payments'>,
  user: Pick<User, 'id' | 'planId'>,
): Promise<BillingSubscription> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  const plan = planById(user.planId);
  const source = subscriptionEntitles(row)
    ? 'stripe'
    : plan.type === FREE_PLAN_TYPE
      ? 'free'
      : 'admin';
  const subscribed = row?.subscriptionId ? row : undefined;
  return {
    plan_id: plan.id,
    source,
    status: subscribed?.status ?? null,
    interval: subscribed?.interval ?? null,
    current_period_end: subscribed?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: subscribed?.cancelAtPeriodEnd ?? false,
    cancel_at: subscribed?.cancelAt?.toISOString() ?? null,
    portal_available: Boolean(row && deps.payments),
    payments_enabled: Boolean(deps.payments),
  };
}

/**
 * Before an account is deleted: its subscription ends at Stripe now, so nobody is billed for an
 * account that no longer exists.
 * @throws ApiError 502/503 when Stripe cannot end it (the account is then kept, to try again)
 */
export async function endSubscriptionOfDeletedAccount(
  deps: Pick<BillingDeps, 'db' | 'logger' | 'payments'>,
  userId: number,
): Promise<void> {
  const [row] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const subscriptionId = row?.subscriptionId;
  if (!subscriptionId || row.status === 'canceled' || row.status === 'incomplete_expired') return;
  if (!deps.payments) {
    deps.logger.error('account deleted with a Stripe subscription while payments are off', {
      userId,
      subscriptionId,
    });
    return;
  }
  const payments = deps.payments;
  await viaProvider(async () => {
    try {
      await payments.cancelSubscription(subscriptionId);
    } catch (error) {
      if (!(error instanceof PaymentsError && error.reason === 'not_found')) throw error;
    }
  });
  deps.logger.info('subscription ended for a deleted account', { userId, subscriptionId });
}
