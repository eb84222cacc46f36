import { AUTH_COOKIE_NAME } from '@protokoll/contract';
import { getCookie } from 'hono/cookie';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { notAuthenticated } from '../lib/errors.ts';
import { isLiveSession } from '../lib/auth/sessions.ts';
import { verifyAccessToken, type AccessClaims } from '../lib/auth/tokens.ts';

/**
 * Lets a request through only with a valid bearer access token whose session is still live, and
 * puts its user and session on `c.var.auth`. Every contract endpoint with `auth: true` gets this
 * from `routeFor`, before its input is validated.
 */
export const requireAuth: MiddlewareHandler<AppEnv> = (c, next) => authenticate(c, next, false);

/**
 * `requireAuth` that also takes the token from the `auth` cookie when there is no bearer header:
 * for GET endpoints marked `cookieAuth` (the recording behind an `<audio src>`).
 */
export const requireAuthOrCookie: MiddlewareHandler<AppEnv> = (c, next) =>
  authenticate(c, next, c.req.method === 'GET' || c.req.method === 'HEAD');

async function authenticate(
  c: Context<AppEnv>,
  next: () => Promise<void>,
  cookieAllowed: boolean,
): Promise<void> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('Authorization') ?? '');
  const token = match?.[1] ?? (cookieAllowed ? getCookie(c, AUTH_COOKIE_NAME) : undefined);
  const claims = token ? await verifyAccessToken(c.var.jwtSecret, token) : undefined;
  // The session check makes logout, password changes and deletion end access tokens at once.
  if (!claims || !(await isLiveSession(c.var.db, claims))) throw notAuthenticated();
  c.set('auth', claims);
  await next();
}

/** The signed-in user and session of a request that passed `requireAuth`. */
export function authOf(c: Context<AppEnv>): AccessClaims {
  const auth = c.get('auth');
  if (!auth) throw notAuthenticated();
  return auth;
}
