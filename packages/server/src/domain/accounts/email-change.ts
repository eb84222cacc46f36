import { ONE_HOUR_MS } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { users, type User } from '../../db/schema.ts';
import { consumeOneTimeToken, issueOneTimeToken } from '../../lib/auth/one-time.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { findUserByEmail } from '../../lib/users.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import { emailChangeMail } from '../../providers/mail/templates.ts';
import type { AccountDeps } from './deps.ts';
import { emailExists, invalidLink } from './errors.ts';
import type { MailReach } from './mail-reach.ts';

/** How long an e-mail confirmation link works. */
export const EMAIL_CHANGE_TTL_MS = ONE_HOUR_MS;

/**
 * Mails a confirmation link to the new address; the address changes only when it is opened.
 * @throws ApiError 409 when the new address has an account already.
 */
export async function requestEmailChange(
  deps: AccountDeps,
  { user, newEmail, reach }: { user: User; newEmail: string; reach: MailReach },
): Promise<void> {
  if (await findUserByEmail(deps.db, newEmail)) throw emailExists();
  const token = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'email_change',
    ttlMs: EMAIL_CHANGE_TTL_MS,
    newEmail,
  });
  const locale = reach.locale(user.locale);
  const link = reach.link(locale, '/update-email', { token });
  await deps.mailer.send(
    emailChangeMail(await translatorFor(deps.config.localesDir, locale), newEmail, link, user),
  );
}

/**
 * Changes the address with a confirmation link's token.
 * @throws ApiError 400 for a spent, expired or unknown token; 409 when another account took the
 * address since the link was sent (the token then stays unspent).
 */
export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<void> {
  const outcome = await deps.db
    .transaction(async (tx) => {
      const spent = await consumeOneTimeToken(tx, token, 'email_change');
      if (!spent?.newEmail) return 'invalid' as const;
      await tx.update(users).set({ email: spent.newEmail }).where(eq(users.id, spent.userId));
      return 'changed' as const;
    })
    .catch((error: unknown) => {
      // Rolled back, so the token is not spent.
      if (isUniqueViolation(error)) return 'taken' as const;
      throw error;
    });
  if (outcome === 'invalid') throw invalidLink();
  if (outcome === 'taken') throw emailExists();
}
