import type { Minutes } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { minutesLedger, teamMembers, teams, users } from '../db/schema.ts';
import { quotaPeriod, topUpGrant } from './billing/periods.ts';
import { planById } from './plans.ts';

export { FREE_MONTHLY_REASON, monthPeriod } from './billing/periods.ts';

/**
 * Grants what the user's current period is owed by reading it (the month's minutes of Free or of
 * a plan granted without payment, a later month of a paid year) and answers the period. Grants
 * paid for by an invoice come from the payment events instead (domain/billing). The grant index
 * makes concurrent first reads (several tabs, several processes) create exactly one row.
 */
export async function ensureMonthlyGrant(
  db: Db,
  userId: number,
  planId: string,
  now: Date = new Date(),
): Promise<string> {
  const period = await quotaPeriod(db, userId, planId, now);
  if (period.allowance) {
    await topUpGrant(db, { userId, period: period.key, ...period.allowance });
  }
  return period.key;
}

/**
 * The balance of the current period, summed from the ledger (docs/minutes.md#ledger):
 * total = grants, used = charges, running = reserves not yet charged or refunded,
 * remaining = total − used − running.
 */
export async function minutesOf(
  db: Db,
  userId: number,
  planId: string,
  now: Date = new Date(),
): Promise<Minutes> {
  const period = await ensureMonthlyGrant(db, userId, planId, now);
  const rows = await db
    .select({
      kind: minutesLedger.kind,
      minutes: sql<string>`coalesce(sum(${minutesLedger.minutes}), 0)`,
    })
    .from(minutesLedger)
    .where(and(eq(minutesLedger.userId, userId), eq(minutesLedger.period, period)))
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

/** The ledger `reason` naming one processing run of a note: the upload is run 1, each retry the next. */
export function noteRunReason(run: number): string {
  return `note-run-${run}`;
}

/**
 * Serialises the minute decisions of one user across transactions and processes: whoever holds
 * the user row reads a balance nobody else can change until commit, so two uploads at once
 * cannot both spend the same remaining minutes. Call first thing inside the transaction; the
 * answer is the user's plan as it stands under the lock (undefined: no such user).
 */
export async function lockUserMinutes(
  tx: Db,
  userId: number,
): Promise<{ planId: string } | undefined> {
  const [user] = await tx
    .select({ planId: users.planId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user;
}

/**
 * Whose minutes a user spends (docs/minutes.md#team-pool): a team member whose owner's plan
 * includes a team draws on the owner's ledger (`ledgerUserId`) under the owner's plan, each row
 * naming the member (`actorId`); everyone else, and a member whose owner lost that plan, on their
 * own ledger and plan.
 */
export interface MinutesAccount {
  /** The user whose ledger rows are written and summed. */
  ledgerUserId: number;
  /** The plan that applies: the owner's for a team member. */
  planId: string;
  /** The member spending from the owner's pool; null when spending one's own minutes. */
  actorId: number | null;
}

/** The owner of the team `userId` is a member of, with the owner's plan (undefined: no team). */
async function teamOwnerOf(
  db: Db,
  userId: number,
  lock: boolean,
): Promise<{ id: number; planId: string } | undefined> {
  const [membership] = await db
    .select({ ownerId: teams.ownerId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  if (!membership) return undefined;
  const query = db
    .select({ id: users.id, planId: users.planId })
    .from(users)
    .where(eq(users.id, membership.ownerId));
  const [owner] = lock ? await query.for('update') : await query;
  return owner;
}

/** The account a user's minutes come from right now (see MinutesAccount). */
export async function minutesAccountOf(
  db: Db,
  user: { id: number; planId: string },
): Promise<MinutesAccount> {
  const owner = await teamOwnerOf(db, user.id, false);
  if (owner && planById(owner.planId).teamSeats > 0) {
    return { ledgerUserId: owner.id, planId: owner.planId, actorId: user.id };
  }
  return { ledgerUserId: user.id, planId: user.planId, actorId: null };
}

/**
 * lockUserMinutes for whoever's minutes `userId` spends: a team member's pool is the owner's row,
 * so two members (or a member and the owner) reserving at once are serialised on it, and a
 * plan change or a removal from the team (both taken under the same lock) is either wholly
 * before or wholly after the decision. Undefined: no such user.
 */
export async function lockMinutesAccount(
  tx: Db,
  userId: number,
): Promise<MinutesAccount | undefined> {
  const owner = await teamOwnerOf(tx, userId, true);
  if (owner && planById(owner.planId).teamSeats > 0) {
    // Still a member once the owner's row is held (a removal takes the same lock first).
    const [still] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(eq(teamMembers.userId, userId));
    if (still) return { ledgerUserId: owner.id, planId: owner.planId, actorId: userId };
  }
  const own = await lockUserMinutes(tx, userId);
  return own && { ledgerUserId: userId, planId: own.planId, actorId: null };
}

export interface Reservation {
  /** The ledger the minutes are held on (MinutesAccount.ledgerUserId). */
  userId: number;
  /** The team member spending from the pool, if any. */
  actorId?: number | null;
  noteId: number;
  minutes: number;
  /** The note's processing run (1 for the upload). */
  run: number;
  now?: Date;
}

/**
 * Holds `minutes` for a run of a note (`running` until the run is charged or refunded), in the
 * user's current quota period.
 */
export async function reserveMinutes(tx: Db, reservation: Reservation): Promise<void> {
  const period = await quotaPeriod(
    tx,
    reservation.userId,
    undefined,
    reservation.now ?? new Date(),
  );
  await tx.insert(minutesLedger).values({
    userId: reservation.userId,
    kind: 'reserve',
    minutes: reservation.minutes,
    period: period.key,
    reason: noteRunReason(reservation.run),
    noteId: reservation.noteId,
    actorId: reservation.actorId ?? null,
  });
}

/** The note's reservations that are neither charged nor refunded (normally none or one). */
function openReservations(noteId: number) {
  return sql`
    select r.user_id, r.minutes, r.period, r.reason, r.note_id, r.actor_id
    from ${minutesLedger} r
    where r.note_id = ${noteId} and r.kind = 'reserve'
      and not exists (
        select 1 from ${minutesLedger} s
        where s.note_id = r.note_id and s.reason = r.reason and s.period = r.period
          and s.kind in ('charge', 'refund')
      )`;
}

/** Minutes held for the note right now. */
export async function heldMinutes(db: Db, noteId: number): Promise<number> {
  const result = await db.execute(
    sql`select coalesce(sum(o.minutes), 0)::int as minutes from (${openReservations(noteId)}) o`,
  );
  return Number(rowsOf<{ minutes: number }>(result)[0]?.minutes ?? 0);
}

/**
 * Settles every open reservation of a note as `charge` (the run succeeded: running → used) or
 * `refund` (it failed: running released), in the period it was reserved in, and answers how many
 * minutes that settled. Idempotent: a run settled before is skipped, and the unique settlement
 * index turns a concurrent second settlement into a no-op, so finishing a job twice can never
 * charge twice. Run it in the transaction that changes the note's status.
 */
export async function settleMinutes(
  tx: Db,
  noteId: number,
  kind: 'charge' | 'refund',
): Promise<number> {
  const result = await tx.execute(sql`
    insert into ${minutesLedger} (user_id, kind, minutes, period, reason, note_id, actor_id)
    select o.user_id, ${kind}, o.minutes, o.period, o.reason, o.note_id, o.actor_id
    from (${openReservations(noteId)}) o
    on conflict do nothing
    returning minutes`);
  return rowsOf<{ minutes: number }>(result).reduce((sum, row) => sum + Number(row.minutes), 0);
}

/** The ledger `reason` of minutes given back because their note was deleted. */
export const NOTE_DELETED_REASON = 'note-deleted';

/**
 * Gives back whatever is still held for a note that is being deleted: per ledger and period
 * (a team member's note holds minutes on the owner's ledger), everything
 * reserved for it minus everything charged or refunded, as `refund` rows. The ledger keeps every
 * row (the balance is derived, never edited), so nothing stays `running` once the note is gone.
 * Run it in the deleting transaction, after locking the note row. Answers the minutes refunded.
 */
export async function refundHeldMinutes(tx: Db, noteId: number): Promise<number> {
  const held = await tx
    .select({
      userId: minutesLedger.userId,
      actorId: minutesLedger.actorId,
      period: minutesLedger.period,
      minutes: sql<number>`(
        coalesce(sum(${minutesLedger.minutes}) filter (where ${minutesLedger.kind} = 'reserve'), 0)
        - coalesce(sum(${minutesLedger.minutes}) filter (where ${minutesLedger.kind} in ('charge', 'refund')), 0)
      )::int`,
    })
    .from(minutesLedger)
    .where(eq(minutesLedger.noteId, noteId))
    .groupBy(minutesLedger.userId, minutesLedger.actorId, minutesLedger.period);
  const refunds = held
    .filter((row) => row.minutes > 0)
    .map((row) => ({
      userId: row.userId,
      actorId: row.actorId,
      kind: 'refund' as const,
      minutes: row.minutes,
      period: row.period,
      reason: NOTE_DELETED_REASON,
      noteId,
    }));
  if (refunds.length) await tx.insert(minutesLedger).values(refunds);
  return refunds.reduce((sum, row) => sum + row.minutes, 0);
}
