import { ErrorCode } from '@protokoll/contract';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { RateLimit } from '../config.ts';
import { ApiError } from '../lib/errors.ts';
import {
  hitRateLimit,
  secondsUntilNextWindow,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from '../lib/rate-limit.ts';
import type { AppEnv } from './context.ts';

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the first X-Forwarded-For entry
 * (only behind a proxy that sets it; otherwise anyone could pick their own key).
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.config.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No socket (in-process requests, e.g. app.request in tests).
    return 'unknown';
  }
}

/** Throws the 429 answer (with `Retry-After`: the end of the window) when `key` is over `limit`. */
export async function enforceRateLimit(
  c: Context<AppEnv>,
  key: string,
  limit: RateLimit,
): Promise<void> {
  const now = new Date();
  if (!(await hitRateLimit(c.var.db, key, limit, now))) {
    c.var.logger.warn('rate limit hit', { limit: key.slice(0, key.indexOf(':')) });
    throw new ApiError(429, ErrorCode.TOO_MANY_ATTEMPTS, TOO_MANY_ATTEMPTS_MESSAGE, undefined, {
      retryAfterSeconds: secondsUntilNextWindow(limit, now),
    });
  }
}
