import { rm } from 'node:fs/promises';
import { ErrorCode, ONE_HOUR_MS } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import {
  authSessions,
  minutesLedger,
  oneTimeTokens,
  refreshTokens,
  users,
  type User,
} from '../../db/schema.ts';
import { authOf, notAuthenticated } from '../../lib/auth/middleware.ts';
import { issueOneTimeToken } from '../../lib/auth/one-time.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import { revokeUserSessions } from '../../lib/auth/sessions.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError } from '../../lib/errors.ts';
import { minutesOf } from '../../lib/minutes.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { planById, toPlan } from '../../lib/plans.ts';
import { appLink, findUserByEmail, findUserById, mailLocale, toUserDto } from '../../lib/users.ts';
import { emailChangeMail } from '../../providers/mail/templates.ts';
import { userAudioDir } from '../../providers/storage/storage.ts';
import { emailExists } from '../auth/auth.handlers.ts';
import type { Context } from 'hono';
import type {
  changePasswordRoute,
  deleteUserRoute,
  getMinutesRoute,
  getPlanRoute,
  getUserRoute,
  requestEmailChangeRoute,
  updateUserRoute,
} from './user.routes.ts';

/** How long an e-mail confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = ONE_HOUR_MS;

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
  const { userId } = authOf(c);
  const body = c.req.valid('json');
  await c.var.db
    .update(users)
    .set({
      firstName: body.first_name,
      lastName: body.last_name,
      // Absent: unchanged; empty: cleared.
      ...(body.company !== undefined ? { company: body.company || null } : {}),
      ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number || null } : {}),
    })
    .where(eq(users.id, userId));
  return c.json({ success: true, message: 'Profile updated' }, 200);
};

export const deleteUserHandler: AppRouteHandler<typeof deleteUserRoute> = async (c) => {
  const { userId } = authOf(c);
  // The body's DELETE confirmation was checked by the contract schema (422 otherwise).
  await c.var.db.transaction(async (tx) => {
    // Explicit for our tables; rows of later tables go with the user through ON DELETE CASCADE.
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
    await tx.delete(refreshTokens).where(eq(refreshTokens.userId, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await tx.delete(minutesLedger).where(eq(minutesLedger.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  // Files only after the commit: a rolled-back deletion must not have lost the recordings.
  try {
    await rm(userAudioDir(c.var.config.dataDir, userId), { recursive: true, force: true });
  } catch (error) {
    c.var.logger.error('account deleted, but its audio folder could not be removed', {
      userId,
      err: error,
    });
  }
  c.var.logger.info('account deleted', { userId });
  return c.json({ success: true, message: 'Account deleted' }, 200);
};

export const getMinutesHandler: AppRouteHandler<typeof getMinutesRoute> = async (c) => {
  const user = await me(c);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, minutes: await minutesOf(c.var.db, user.id, user.planId) }, 200);
};

export const getPlanHandler: AppRouteHandler<typeof getPlanRoute> = async (c) => {
  const user = await me(c);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, plan: toPlan(planById(user.planId)) }, 200);
};

export const requestEmailChangeHandler: AppRouteHandler<typeof requestEmailChangeRoute> = async (
  c,
) => {
  const user = await me(c);
  const { new_email: newEmail } = c.req.valid('json');
  if (await findUserByEmail(c.var.db, newEmail)) throw emailExists();
  const token = await issueOneTimeToken(c.var.db, {
    userId: user.id,
    purpose: 'email_change',
    ttlMs: EMAIL_CHANGE_TTL_MS,
    newEmail,
  });
  const locale = mailLocale(c, undefined, user.locale);
  const link = appLink(c, locale, '/update-email', { token });
  await c.var.mailer.send(emailChangeMail(locale, newEmail, link));
  return c.json({ success: true, message: 'Confirmation link sent to the new address' }, 200);
};

export const changePasswordHandler: AppRouteHandler<typeof changePasswordRoute> = async (c) => {
  const { sessionId } = authOf(c);
  const user = await me(c);
  const body = c.req.valid('json');
  if (!(await verifyPassword(user.passwordHash, body.current_password))) {
    throw new ApiError(400, ErrorCode.WRONG_PASSWORD, 'The current password is incorrect.');
  }
  const passwordHash = await hashPassword(body.new_password);
  await c.var.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    // Every other device is signed out; this one stays signed in.
    await revokeUserSessions(tx, user.id, { keep: sessionId });
  });
  return c.json({ success: true, message: 'Password changed' }, 200);
};
