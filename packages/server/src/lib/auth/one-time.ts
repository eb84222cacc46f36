import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../../db/schema.ts';
import { hashToken, randomToken } from './tokens.ts';

/** Creates the token of a mailed link; only its hash is stored. Returns the token itself. */
export async function issueOneTimeToken(
  db: Db,
  options: {
    userId: number;
    purpose: OneTimeTokenPurpose;
    ttlMs: number;
    newEmail?: string;
    now?: Date;
  },
): Promise<string> {
  const now = options.now ?? new Date();
  const token = randomToken();
  await db.insert(oneTimeTokens).values({
    tokenHash: hashToken(token),
    userId: options.userId,
    purpose: options.purpose,
    newEmail: options.newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + options.ttlMs),
  });
  return token;
}

/**
 * Spends a link token: only an unused, unexpired token of that purpose works, and only once (the
 * conditional update lets exactly one of two concurrent uses through). Call inside the
 * transaction that does what the link is for, so a failure there leaves the token unspent.
 */
export async function consumeOneTimeToken(
  db: Db,
  token: string,
  purpose: OneTimeTokenPurpose,
  now: Date = new Date(),
): Promise<{ userId: number; newEmail: string | null } | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, newEmail: oneTimeTokens.newEmail });
  return row;
}
