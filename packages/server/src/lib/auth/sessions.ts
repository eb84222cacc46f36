import { STORED_SESSION_MAX_AGE_MS } from '@protokoll/contract';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedOnce } from '../../db/prepared.ts';
import { authSessions, refreshTokens, users } from '../../db/schema.ts';
import { hashToken, randomToken, signAccessToken, type AccessClaims } from './tokens.ts';

/**
 * A session ends this long after sign-in, however often it is refreshed (7 days,
 * docs/sessions.md#tokens).
 */
export const SESSION_TTL_MS = STORED_SESSION_MAX_AGE_MS;

export interface IssuedSession {
  sessionId: string;
  token: string;
  refreshToken: string;
}

/** Signs a user in: a new session (refresh token family) with its first tokens. */
export async function startSession(
  db: Db,
  secret: string,
  userId: number,
  now: Date = new Date(),
): Promise<IssuedSession> {
  const sessionId = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  const refreshToken = randomToken();
  await db.transaction(async (tx) => {
    await tx.insert(authSessions).values({ id: sessionId, userId, createdAt: now, expiresAt });
    await tx.insert(refreshTokens).values({
      tokenHash: hashToken(refreshToken),
      familyId: sessionId,
      userId,
      createdAt: now,
      expiresAt,
    });
  });
  const token = await signAccessToken(secret, { userId, sessionId }, now);
  return { sessionId, token, refreshToken };
}

export type RotateResult =
  | { ok: true; userId: number; session: IssuedSession }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Exchanges a refresh token for a new pair. The presented token is spent; presenting a spent one
 * again means it leaked (or was stolen), so its whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Db,
  secret: string,
  presented: string,
  now: Date = new Date(),
): Promise<RotateResult> {
  const nextToken = randomToken();
  const result = await db.transaction(async (tx): Promise<RotateResult> => {
    const [row] = await tx
      .select({
        id: refreshTokens.id,
        userId: refreshTokens.userId,
        familyId: refreshTokens.familyId,
        tokenExpiresAt: refreshTokens.expiresAt,
        tokenRevokedAt: refreshTokens.revokedAt,
        sessionExpiresAt: authSessions.expiresAt,
        sessionRevokedAt: authSessions.revokedAt,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.sessionRevokedAt) return { ok: false, reason: 'revoked' };
    if (row.tokenRevokedAt) {
      await revokeFamily(tx, row.familyId, now);
      return { ok: false, reason: 'reused' };
    }
    if (row.sessionExpiresAt <= now || row.tokenExpiresAt <= now) {
      return { ok: false, reason: 'expired' };
    }
    // The condition makes spending atomic: of two concurrent uses only one updates the row.
    const spent = await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (spent.length === 0) {
      await revokeFamily(tx, row.familyId, now);
      return { ok: false, reason: 'reused' };
    }
    await tx.insert(refreshTokens).values({
      tokenHash: hashToken(nextToken),
      familyId: row.familyId,
      userId: row.userId,
      parentId: row.id,
      createdAt: now,
      expiresAt: row.sessionExpiresAt,
    });
    return {
      ok: true,
      userId: row.userId,
      session: { sessionId: row.familyId, token: '', refreshToken: nextToken },
    };
  });
  if (!result.ok) return result;
  const token = await signAccessToken(
    secret,
    { userId: result.userId, sessionId: result.session.sessionId },
    now,
  );
  return { ...result, session: { ...result.session, token } };
}

/**
 * Whom a refresh token signs in, without spending it: the claims of its session while the token is
 * unspent and unexpired and its session live, otherwise undefined. Read only: a spent token seen
 * here is a stale copy, not a theft (nothing is revoked). A page rendered with the reader's data
 * uses it when the access token has expired (docs/sessions.md#refresh-cookie).
 */
export async function peekRefreshToken(
  db: Db,
  presented: string,
  now: Date = new Date(),
): Promise<AccessClaims | undefined> {
  const [row] = await db
    .select({ userId: refreshTokens.userId, sessionId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(authSessions, eq(authSessions.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(
      and(
        eq(refreshTokens.tokenHash, hashToken(presented)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, now),
      ),
    );
  return row;
}

async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(eq(authSessions.id, familyId), isNull(authSessions.revokedAt)));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends one session of a user (logout). */
export async function revokeSession(
  db: Db,
  userId: number,
  sessionId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
      ),
    );
}

/** Ends every session of a user, or every other one when `keep` names the current session. */
export async function revokeUserSessions(
  db: Db,
  userId: number,
  options: { keep?: string; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        options.keep ? ne(authSessions.id, options.keep) : undefined,
      ),
    );
}

/**
 * The live-session check runs on every signed-in request, so it is built once per database and
 * prepared by name: PostgreSQL parses and plans it once per connection, and drizzle does not
 * rebuild its SQL each time (docs/architecture.md#hot-queries).
 */
function prepareLiveSession(db: Db, name: string) {
  return db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare(name);
}

/** Whether an access token's session is still live: not revoked, not expired, user still there. */
export async function isLiveSession(
  db: Db,
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<boolean> {
  const query = preparedOnce(db, 'live_session', (name) => prepareLiveSession(db, name));
  const [row] = await query.execute({
    sessionId: claims.sessionId,
    userId: claims.userId,
    now: now.toISOString(),
  });
  return row !== undefined;
}
