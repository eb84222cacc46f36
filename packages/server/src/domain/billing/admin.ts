import { FREE_PLAN_TYPE, type Minutes } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { subscriptions, users, type User } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { lockUserMinutes, minutesOf } from '../minutes.ts';
import { DEFAULT_PLAN, PLAN_CATALOGUE, planById, type PlanDefinition } from '../plans.ts';
import { findUserByEmail } from '../../lib/users.ts';
import { subscriptionEntitles } from './periods.ts';

/** A refused admin command; the message is for the operator's terminal. */
export class PlanCommandError extends Error {
  override name = 'PlanCommandError';
}

export interface PlanChange {
  user: Pick<User, 'id' | 'email'>;
  before: PlanDefinition;
  after: PlanDefinition;
  /** The balance of the current period afterwards. */
  minutes: Minutes;
}

async function accountOf(db: Db, email: string): Promise<User> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new PlanCommandError(`Kein Konto mit der E-Mail-Adresse ${email}.`);
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
  if (subscriptionEntitles(row)) {
    // Stripe would set it back with its next event, and the user would pay for a plan they lost.
    throw new PlanCommandError(
      `${user.email} hat ein Stripe-Abonnement (${row.planId}, ${row.status}); ` +
        'Tarif dort ändern oder kündigen (Stripe-Dashboard oder Kundenportal).',
    );
  }
  return user;
}

async function setPlan(
  deps: { db: Db; logger: Logger },
  user: User,
  plan: PlanDefinition,
  now: Date,
): Promise<PlanChange> {
  const before = planById(user.planId);
  await deps.db.transaction(async (tx) => {
    await lockUserMinutes(tx, user.id);
    await tx.update(users).set({ planId: plan.id }).where(eq(users.id, user.id));
  });
  // Through the ledger's own rule: the calendar month is topped up to the plan's allowance on
  // read, never beyond, and nothing granted earlier is taken back.
  const minutes = await minutesOf(deps.db, user.id, plan.id, now);
  deps.logger.info('plan changed by the admin command', {
    userId: user.id,
    from: before.id,
    to: plan.id,
  });
  return { user: { id: user.id, email: user.email }, before, after: plan, minutes };
}

/**
 * Gives an account a plan without payment (payments off, or a courtesy), through the same ledger
 * rules as Free: the plan's minutes for the calendar month, topped up on read.
 * @throws PlanCommandError for an unknown account or plan, or an account with a Stripe subscription
 */
export async function grantPlan(
  deps: { db: Db; logger: Logger },
  email: string,
  planId: string,
  now: Date = new Date(),
): Promise<PlanChange> {
  const plan = planById(planId);
  if (plan.id !== planId) {
    const known = PLAN_CATALOGUE.map((p) => p.id).join(', ');
    throw new PlanCommandError(`Unbekannter Tarif "${planId}" (bekannt: ${known}).`);
  }
  return setPlan(deps, await accountOf(deps.db, email), plan, now);
}

/**
 * Puts an account back on Free. Minutes granted for the current month stay (the ledger is never
 * edited); the next month is Free's.
 */
export async function removePlan(
  deps: { db: Db; logger: Logger },
  email: string,
  now: Date = new Date(),
): Promise<PlanChange> {
  const user = await accountOf(deps.db, email);
  if (planById(user.planId).type === FREE_PLAN_TYPE) {
    throw new PlanCommandError(`${user.email} ist bereits im Tarif ${DEFAULT_PLAN.name}.`);
  }
  return setPlan(deps, user, DEFAULT_PLAN, now);
}
