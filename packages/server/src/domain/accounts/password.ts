import { ErrorCode, PASSWORD_RESET_TTL_MS } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { users, type User } from '../../db/schema.ts';
import { consumeOneTimeToken, issueOneTimeToken } from '../../lib/auth/one-time.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.ts';
import { revokeUserSessions } from '../../lib/auth/sessions.ts';
import { ApiError } from '../../lib/errors.ts';
import { findUserByEmail } from '../../lib/users.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import { passwordResetMail } from '../../providers/mail/templates.ts';
import { awayFromDatabase, type AccountDeps } from './deps.ts';
import { invalidLink } from './errors.ts';
import type { MailReach } from './mail-reach.ts';

/**
 * Mails a reset link when the address has an account. Answers nothing either way, and a mail
 * that cannot be sent is only logged: any difference would tell the caller whether the address
 * has an account.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  { email, reach }: { email: string; reach: MailReach },
): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'password_reset',
    ttlMs: PASSWORD_RESET_TTL_MS,
  });
  const locale = reach.locale(user.locale);
  const link = reach.link(locale, '/reset-password', { token });
  try {
    await deps.mailer.send(
      passwordResetMail(
        await translatorFor(deps.config.localesDir, locale),
        user.email,
        link,
        user,
      ),
    );
  } catch (error) {
    deps.logger.error('password reset mail could not be sent', { userId: user.id, err: error });
  }
}

/**
 * Sets a new password with a reset link's token and signs the account out everywhere: whoever
 * knew the old password loses access.
 * @throws ApiError 400 for a spent, expired or unknown token.
 */
export async function resetPassword(
  deps: AccountDeps,
  { token, password }: { token: string; password: string },
): Promise<void> {
  const passwordHash = await awayFromDatabase(deps, () => hashPassword(password));
  const done = await deps.db.transaction(async (tx) => {
    const spent = await consumeOneTimeToken(tx, token, 'password_reset');
    if (!spent) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId));
    await revokeUserSessions(tx, spent.userId);
    return true;
  });
  if (!done) throw invalidLink();
}

/**
 * Changes the password of a signed-in user who knows the current one. Every other device is
 * signed out; the session `keepSessionId` stays signed in.
 * @throws ApiError 400 when the current password is wrong.
 */
export async function changePassword(
  deps: AccountDeps,
  {
    user,
    keepSessionId,
    currentPassword,
    newPassword,
  }: { user: User; keepSessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const valid = await awayFromDatabase(deps, () =>
    verifyPassword(user.passwordHash, currentPassword),
  );
  if (!valid) {
    throw new ApiError(400, ErrorCode.WRONG_PASSWORD, 'The current password is incorrect.');
  }
  const passwordHash = await awayFromDatabase(deps, () => hashPassword(newPassword));
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, { keep: keepSessionId });
  });
}
