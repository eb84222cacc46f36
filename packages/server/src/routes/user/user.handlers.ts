import type { Context } from 'hono';
import type { User } from '../../db/schema.ts';
import { deleteAccount, updateProfile } from '../../domain/accounts/account.ts';
import { requestEmailChange } from '../../domain/accounts/email-change.ts';
import { changePassword } from '../../domain/accounts/password.ts';
import { endSubscriptionOfDeletedAccount } from '../../domain/billing/subscriptions.ts';
import { authOf } from '../../http/auth.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import type { AppEnv } from '../../http/context.ts';
import { minutesAccountOf, minutesOf } from '../../domain/minutes.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { planById, toPlan } from '../../domain/plans.ts';
import { findUserById, toUserDto } from '../../lib/users.ts';
import { accountDepsOf, billingDepsOf, depsOf } from '../deps.ts';
import { mailReachOf } from '../mail-reach.ts';
import type {
  changePasswordRoute,
  deleteUserRoute,
  getMinutesRoute,
  getPlanRoute,
  getUserRoute,
  requestEmailChangeRoute,
  updateUserRoute,
} from './user.routes.ts';

/** The signed-in user's row; the session check already proved it exists, a race may not. */
async function me(c: Context<AppEnv>): Promise<User> {
  const user = await findUserById(c.var.db, authOf(c).userId);
  if (!user) throw notAuthenticated();
  return user;
}

export const getUserHandler: AppRouteHandler<typeof getUserRoute> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, user: toUserDto(await me(c)) }, 200);
};

export const updateUserHandler: AppRouteHandler<typeof updateUserRoute> = async (c) => {
  await updateProfile(depsOf(c), authOf(c).userId, c.req.valid('json'));
  return c.json({ success: true, message: 'Profile updated' }, 200);
};

export const deleteUserHandler: AppRouteHandler<typeof deleteUserRoute> = async (c) => {
  // The body's DELETE confirmation was checked by the contract schema (422 otherwise).
  // Nobody keeps being billed for a deleted account: refused if the subscription cannot end.
  await endSubscriptionOfDeletedAccount(billingDepsOf(c), authOf(c).userId);
  await deleteAccount(depsOf(c), authOf(c).userId);
  return c.json({ success: true, message: 'Account deleted' }, 200);
};

export const getMinutesHandler: AppRouteHandler<typeof getMinutesRoute> = async (c) => {
  const user = await me(c);
  c.header('Cache-Control', 'no-store');
  // A team member sees the team's pool (docs/minutes.md#team-pool).
  const account = await minutesAccountOf(c.var.db, user);
  const minutes = await minutesOf(c.var.db, account.ledgerUserId, account.planId);
  return c.json({ success: true, minutes }, 200);
};

export const getPlanHandler: AppRouteHandler<typeof getPlanRoute> = async (c) => {
  const user = await me(c);
  c.header('Cache-Control', 'no-store');
  const account = await minutesAccountOf(c.var.db, user);
  return c.json({ success: true, plan: toPlan(planById(account.planId)) }, 200);
};

export const requestEmailChangeHandler: AppRouteHandler<typeof requestEmailChangeRoute> = async (
  c,
) => {
  const user = await me(c);
  const { new_email: newEmail } = c.req.valid('json');
  await requestEmailChange(accountDepsOf(c), { user, newEmail, reach: mailReachOf(c) });
  return c.json({ success: true, message: 'Confirmation link sent to the new address' }, 200);
};

export const changePasswordHandler: AppRouteHandler<typeof changePasswordRoute> = async (c) => {
  const { sessionId } = authOf(c);
  const user = await me(c);
  const body = c.req.valid('json');
  await changePassword(accountDepsOf(c), {
    user,
    keepSessionId: sessionId,
    currentPassword: body.current_password,
    newPassword: body.new_password,
  });
  return c.json({ success: true, message: 'Password changed' }, 200);
};
