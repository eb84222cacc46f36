import { and, eq, like, lt, sql } from 'drizzle-orm';
import type { RateLimit } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

/** The start of the fixed window of `limit` that holds `now`. */
const windowStartOf = (limit: RateLimit, now: Date) =>
  new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);

/**
 * Counts one attempt under `key` in the current fixed window and says whether it is within the
 * limit. The counter lives in the database (one upsert), so several API processes share it.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: RateLimit,
  now: Date = new Date(),
): Promise<boolean> {
  const windowStart = windowStartOf(limit, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Now and then, forget finished windows of this kind of key, so the table stays small.
  if (Math.random() < 0.02) {
    const kind = key.slice(0, key.indexOf(':') + 1);
    await db
      .delete(rateLimits)
      .where(
        and(
          like(rateLimits.key, `${kind}%`),
          lt(rateLimits.windowStart, new Date(now.getTime() - 2 * limit.windowMs)),
        ),
      );
  }
  return (row?.count ?? 1) <= limit.max;
}

/** Whether `key` has used up `limit` in the current window, counting nothing. */
export async function rateLimitReached(
  db: Db,
  key: string,
  limit: RateLimit,
  now: Date = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStartOf(limit, now))));
  return (row?.count ?? 0) >= limit.max;
}

/** Seconds until the fixed window that holds `now` ends (at least one). */
export function secondsUntilNextWindow(limit: RateLimit, now: Date = new Date()): number {
  const elapsed = now.getTime() % limit.windowMs;
  return Math.max(1, Math.ceil((limit.windowMs - elapsed) / 1000));
}
