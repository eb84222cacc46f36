import { FREE_PLAN_TYPE, type Minutes } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { minutesLedger } from '../db/schema.ts';
import { planById } from './plans.ts';

/** Reason of the monthly Free grant (one per user and calendar month). */
export const FREE_MONTHLY_REASON = 'free-monthly';

/** The calendar month (UTC) a moment falls in: `2025-06`. */
export function monthPeriod(now: Date): string {
  return now.toISOString().slice(0, 7);
}

/**
 * Free plans get their minutes for the month on first read. The partial unique index on grants
 * makes concurrent first reads (several tabs, several processes) create exactly one row.
 */
export async function ensureMonthlyGrant(
  db: Db,
  userId: number,
  planId: string,
  now: Date = new Date(),
): Promise<void> {
  const plan = planById(planId);
  if (plan.type !== FREE_PLAN_TYPE || !plan.minutes_per_month) return;
  await db
    .insert(minutesLedger)
    .values({
      userId,
      kind: 'grant',
      minutes: plan.minutes_per_month,
      period: monthPeriod(now),
      reason: FREE_MONTHLY_REASON,
    })
    .onConflictDoNothing();
}

/**
 * The balance of the current period, summed from the ledger (PRODUCT.md "Minutes"):
 * total = grants, used = charges, running = reserves not yet charged or refunded,
 * remaining = total − used − running.
 */
export async function minutesOf(
  db: Db,
  userId: number,
  planId: string,
  now: Date = new Date(),
): Promise<Minutes> {
  await ensureMonthlyGrant(db, userId, planId, now);
  const rows = await db
    .select({
      kind: minutesLedger.kind,
      minutes: sql<string>`coalesce(sum(${minutesLedger.minutes}), 0)`,
    })
    .from(minutesLedger)
    .where(and(eq(minutesLedger.userId, userId), eq(minutesLedger.period, monthPeriod(now))))
    .groupBy(minutesLedger.kind);
  const sum = (kind: string) => Number(rows.find((row) => row.kind === kind)?.minutes ?? 0);
  const total = sum('grant');
  const used = sum('charge');
  const running = Math.max(0, sum('reserve') - sum('charge') - sum('refund'));
  const plan = planById(planId);
  return {
    total,
    used,
    running,
    remaining: total - used - running,
    unlimited: plan.minutes_per_month === null,
    has_active_plan: true,
  };
}
