import { FREE_PLAN_TYPE } from '@protokoll/contract';
import { and, eq, gte, like, lte, max, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import { minutesLedger, subscriptions, type SubscriptionRow } from '../../db/schema.ts';
import { planById } from '../plans.ts';

/*
 * Quota periods (docs/billing.md#minutes-of-paid-plans): every ledger row counts against one
 * period, named by a key. Without a subscription the period is the calendar month (UTC), `2025-06`,
 * and the plan's minutes are granted on the first read of the month. With a subscription the
 * periods follow its billing cycle, `sub:2025-06-15T10:00:00.000Z` (the moment the period began):
 * Stripe's paid invoice grants the minutes of a period, and a yearly subscription gets a new
 * allowance every month of its year. The two kinds of key never meet, so a Free grant can never add
 * to a paid one.
 */

/** Reason of the monthly Free grant (one per user and calendar month). */
export const FREE_MONTHLY_REASON = 'free-monthly';

/** Reason of the monthly allowance of a yearly subscription after its first month. */
export const SUBSCRIPTION_MONTH_REASON = 'subscription-month';

const SUBSCRIPTION_KEY_PREFIX = 'sub:';

/** The calendar month (UTC) a moment falls in: `2025-06`. */
export function monthPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/** The period of a subscription that began at `start`. */
export function subscriptionPeriodKey(start: Date): string {
  return `${SUBSCRIPTION_KEY_PREFIX}${start.toISOString()}`;
}

/** Reason of the grant an invoice pays for. */
export function invoiceReason(invoiceId: string): string {
  return `invoice:${invoiceId}`;
}

/** Reason of a plan granted without payment (the admin command), per calendar month. */
export function planReason(planId: string): string {
  return `plan:${planId}`;
}

/**
 * `months` calendar months after `start`, on the same day and time, or the month's last day when
 * it is shorter (Jan 31 → Feb 28), as Stripe bills monthly.
 */
export function addMonths(start: Date, months: number): Date {
  const month = start.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(start.getUTCFullYear(), month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      start.getUTCFullYear(),
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** How many whole months after `start` the moment `at` lies (0 in the first month, < 0 before). */
export function monthIndex(start: Date, at: Date): number {
  let months =
    (at.getUTCFullYear() - start.getUTCFullYear()) * 12 + (at.getUTCMonth() - start.getUTCMonth());
  while (addMonths(start, months) > at) months -= 1;
  while (addMonths(start, months + 1) <= at) months += 1;
  return months;
}

/** The start of the allowance month (within a billing period from `periodStart`) `at` falls in. */
export function allowanceMonthStart(periodStart: Date, at: Date): Date {
  return addMonths(periodStart, Math.max(0, monthIndex(periodStart, at)));
}

/** Stripe states in which a subscription still gives its plan (past due: Stripe is retrying). */
const ENTITLING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Whether a subscription in this state, of this plan, gives the user that plan. */
export function isEntitling(status: string | null, planId: string | null): boolean {
  if (!status || !planId || !ENTITLING_STATUSES.has(status)) return false;
  const plan = planById(planId);
  return plan.id === planId && plan.type !== FREE_PLAN_TYPE;
}

/** Whether the user's plan comes from this subscription record. */
export function subscriptionEntitles(
  row: Pick<SubscriptionRow, 'subscriptionId' | 'status' | 'planId'> | undefined,
): row is SubscriptionRow & { subscriptionId: string; planId: string } {
  return Boolean(row?.subscriptionId) && isEntitling(row?.status ?? null, row?.planId ?? null);
}

export interface QuotaPeriod {
  /** The ledger `period` the balance is read from and reservations count against. */
  key: string;
  /** Owed to the period by reading alone (topped up on first read); undefined: none. */
  allowance?: { minutes: number; reason: string };
}

/**
 * The period of a subscriber. The current billing period counts once its invoice granted it;
 * until then (Stripe finalises a renewal about an hour after the period ends, or the payment is
 * past due) the user goes on spending what is left of the last paid period.
 */
async function subscriptionQuota(
  db: Db,
  userId: number,
  row: SubscriptionRow & { planId: string },
  now: Date,
): Promise<QuotaPeriod> {
  const periodStart = row.currentPeriodStart ?? now;
  const periodEnd = row.currentPeriodEnd ?? now;
  const current = subscriptionPeriodKey(allowanceMonthStart(periodStart, now));
  const first = subscriptionPeriodKey(row.startedAt ?? periodStart);
  const [latest] = await db
    .select({ period: max(minutesLedger.period) })
    .from(minutesLedger)
    .where(
      and(
        eq(minutesLedger.userId, userId),
        eq(minutesLedger.kind, 'grant'),
        like(minutesLedger.period, `${SUBSCRIPTION_KEY_PREFIX}%`),
        gte(minutesLedger.period, first),
        lte(minutesLedger.period, current),
      ),
    );
  const paidUntil = latest?.period ?? undefined;
  const minutes = planById(row.planId).minutes_per_month;
  // A paid year owes its later months their allowance without a new invoice.
  const yearPaid =
    row.interval === 'year' &&
    (row.status === 'active' || row.status === 'trialing') &&
    now < periodEnd &&
    paidUntil !== undefined &&
    paidUntil >= subscriptionPeriodKey(periodStart);
  if (yearPaid && current !== subscriptionPeriodKey(periodStart) && minutes) {
    return { key: current, allowance: { minutes, reason: SUBSCRIPTION_MONTH_REASON } };
  }
  return { key: paidUntil ?? current };
}

/**
 * The quota period of a user at `now`, and what reading it owes. `planId` is the user's plan
 * (it decides the calendar-month allowance); without it only the key is meaningful.
 */
export async function quotaPeriod(
  db: Db,
  userId: number,
  planId: string | undefined,
  now: Date,
): Promise<QuotaPeriod> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (subscriptionEntitles(row)) return subscriptionQuota(db, userId, row, now);
  const key = monthPeriod(now);
  const plan = planId === undefined ? undefined : planById(planId);
  if (!plan?.minutes_per_month) return { key };
  const reason = plan.type === FREE_PLAN_TYPE ? FREE_MONTHLY_REASON : planReason(plan.id);
  return { key, allowance: { minutes: plan.minutes_per_month, reason } };
}

/**
 * Grants what `period` still lacks of `minutes`, as one ledger row named `reason`, and answers
 * how many minutes that was. A period holds the allowance of the best plan it had, never the sum
 * of two: Free then Pro in one month tops 30 up to 1,200, an upgrade invoice tops 300 up to
 * 1,200. The grant index makes a second grant with the same reason (a replayed invoice, two
 * first reads at once) a no-op.
 */
export async function topUpGrant(
  db: Db,
  grant: { userId: number; period: string; minutes: number; reason: string },
): Promise<number> {
  const result = await db.execute(sql`
    insert into ${minutesLedger} (user_id, kind, minutes, period, reason)
    select ${grant.userId}, 'grant', missing.minutes, ${grant.period}, ${grant.reason}
    from (
      select ${grant.minutes}::int - coalesce(sum(${minutesLedger.minutes}), 0)::int as minutes
      from ${minutesLedger}
      where ${minutesLedger.userId} = ${grant.userId} and ${minutesLedger.kind} = 'grant'
        and ${minutesLedger.period} = ${grant.period}
    ) missing
    where missing.minutes > 0
    on conflict do nothing
    returning minutes`);
  return rowsOf<{ minutes: number }>(result).reduce((sum, row) => sum + Number(row.minutes), 0);
}
