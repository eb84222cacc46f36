import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { minutesLedger, subscriptions, users } from '../../db/schema.ts';
import { minutesOf, reserveMinutes } from '../minutes.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';
import {
  addMonths,
  invoiceReason,
  monthIndex,
  subscriptionPeriodKey,
  topUpGrant,
} from './periods.ts';

const database = useTestDatabase();
const at = (iso: string) => new Date(iso);

describe('addMonths and monthIndex', () => {
  it('keep the day of the month, or its last day when the month is shorter', () => {
    const jan31 = at('2025-01-31T09:00:00Z');
    expect(addMonths(jan31, 1)).toEqual(at('2025-02-28T09:00:00Z'));
    expect(addMonths(jan31, 2)).toEqual(at('2025-03-31T09:00:00Z'));
    expect(addMonths(at('2024-01-31T09:00:00Z'), 1)).toEqual(at('2024-02-29T09:00:00Z'));
    expect(addMonths(at('2025-11-15T00:00:00Z'), 3)).toEqual(at('2026-02-15T00:00:00Z'));
    expect(addMonths(at('2025-03-15T00:00:00Z'), -1)).toEqual(at('2025-02-15T00:00:00Z'));
  });

  it('count whole months from a start', () => {
    const start = at('2025-01-31T09:00:00Z');
    expect(monthIndex(start, start)).toBe(0);
    expect(monthIndex(start, at('2025-02-28T08:59:59Z'))).toBe(0);
    expect(monthIndex(start, at('2025-02-28T09:00:00Z'))).toBe(1);
    expect(monthIndex(start, at('2026-01-31T09:00:00Z'))).toBe(12);
    expect(monthIndex(start, at('2025-01-30T09:00:00Z'))).toBe(-1);
  });
});

let counter = 0;
async function newUser(planId = 'free') {
  counter += 1;
  const [user] = await database()
    .db.insert(users)
    .values({ email: `periods-${counter}@example.de`, planId })
    .returning();
  return user!;
}

function grants(userId: number) {
  return database()
    .db.select({
      period: minutesLedger.period,
      minutes: minutesLedger.minutes,
      reason: minutesLedger.reason,
    })
    .from(minutesLedger)
    .where(and(eq(minutesLedger.userId, userId), eq(minutesLedger.kind, 'grant')))
    .orderBy(minutesLedger.id);
}

/** A Pro subscriber paying yearly from 2026-01-15, its first invoice paid. */
async function yearlySubscriber(status = 'active' as 'active' | 'past_due', paid = true) {
  const user = await newUser('pro');
  const start = at('2026-01-15T10:00:00Z');
  await database()
    .db.insert(subscriptions)
    .values({
      userId: user.id,
      customerId: `cus_periods_${user.id}`,
      subscriptionId: `sub_periods_${user.id}`,
      planId: 'pro',
      interval: 'year',
      status,
      startedAt: start,
      currentPeriodStart: start,
      currentPeriodEnd: at('2027-01-15T10:00:00Z'),
    });
  if (paid) {
    await topUpGrant(database().db, {
      userId: user.id,
      period: subscriptionPeriodKey(start),
      minutes: 1_200,
      reason: invoiceReason('in_year_1'),
    });
  }
  return user;
}

describe('quota periods', () => {
  it('give a paid year its allowance every month, on first read, once', async () => {
    const user = await yearlySubscriber();
    const db = database().db;
    expect(await minutesOf(db, user.id, 'pro', at('2026-01-20T00:00:00Z'))).toMatchObject({
      total: 1_200,
    });
    const note = await seedNote(db, user.id);
    await reserveMinutes(db, {
      userId: user.id,
      noteId: note.id,
      minutes: 100,
      run: 1,
      now: at('2026-02-01T00:00:00Z'),
    });
    expect(await minutesOf(db, user.id, 'pro', at('2026-02-14T23:00:00Z'))).toMatchObject({
      total: 1_200,
      running: 100,
      remaining: 1_100,
    });
    // Month two of the year: a fresh allowance, the first month's use stays behind.
    for (let i = 0; i < 2; i++) {
      expect(await minutesOf(db, user.id, 'pro', at('2026-02-15T10:00:00Z'))).toMatchObject({
        total: 1_200,
        running: 0,
        remaining: 1_200,
      });
    }
    expect(await minutesOf(db, user.id, 'pro', at('2026-12-31T00:00:00Z'))).toMatchObject({
      total: 1_200,
    });
    expect((await grants(user.id)).map((g) => [g.period, g.reason])).toEqual([
      [subscriptionPeriodKey(at('2026-01-15T10:00:00Z')), 'invoice:in_year_1'],
      [subscriptionPeriodKey(at('2026-02-15T10:00:00Z')), 'subscription-month'],
      [subscriptionPeriodKey(at('2026-12-15T10:00:00Z')), 'subscription-month'],
    ]);
    // The year is over and not renewed yet: nothing new, the last month's rest stays usable.
    expect(await minutesOf(db, user.id, 'pro', at('2027-01-20T00:00:00Z'))).toMatchObject({
      total: 1_200,
    });
    expect(await grants(user.id)).toHaveLength(3);
  });

  it('give nothing for an unpaid year, and no new month while past due', async () => {
    const db = database().db;
    const unpaid = await yearlySubscriber('active', false);
    expect(await minutesOf(db, unpaid.id, 'pro', at('2026-03-01T00:00:00Z'))).toMatchObject({
      total: 0,
      remaining: 0,
    });
    const pastDue = await yearlySubscriber('past_due');
    expect(await minutesOf(db, pastDue.id, 'pro', at('2026-03-01T00:00:00Z'))).toMatchObject({
      total: 1_200,
    });
    expect(await grants(pastDue.id)).toHaveLength(1);
  });

  it('never add a Free grant to a plan’s: a month holds the allowance of its best plan', async () => {
    const db = database().db;
    const user = await newUser('free');
    const now = at('2026-05-10T00:00:00Z');
    expect(await minutesOf(db, user.id, 'free', now)).toMatchObject({ total: 30 });
    await db.update(users).set({ planId: 'pro' }).where(eq(users.id, user.id));
    expect(await minutesOf(db, user.id, 'pro', now)).toMatchObject({ total: 1_200 });
    await db.update(users).set({ planId: 'free' }).where(eq(users.id, user.id));
    expect(await minutesOf(db, user.id, 'free', now)).toMatchObject({ total: 1_200 });
    expect(await minutesOf(db, user.id, 'free', at('2026-06-01T00:00:00Z'))).toMatchObject({
      total: 30,
    });
    expect((await grants(user.id)).map((g) => [g.period, g.minutes, g.reason])).toEqual([
      ['2026-05', 30, 'free-monthly'],
      ['2026-05', 1_170, 'plan:pro'],
      ['2026-06', 30, 'free-monthly'],
    ]);
  });

  it('top up concurrently exactly once', async () => {
    const db = database().db;
    const user = await newUser('starter');
    const now = at('2026-07-03T00:00:00Z');
    const balances = await Promise.all(
      Array.from({ length: 5 }, () => minutesOf(db, user.id, 'starter', now)),
    );
    for (const balance of balances) expect(balance.total).toBe(300);
    expect(await grants(user.id)).toHaveLength(1);
  });
});
