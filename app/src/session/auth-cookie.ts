import { AUTH_COOKIE_MAX_AGE_S, AUTH_COOKIE_NAME, REFRESH_COOKIE_NAME } from '@protokoll/contract';

/** What the session's cookies carry: its tokens, and when the session ends (epoch ms). */
export interface CookieSession {
  token: string;
  refreshToken: string | null;
  expiresAt: number;
}

const ATTRIBUTES = 'Path=/; Secure; SameSite=Strict';
/**
 * The refresh cookie also goes with a link followed from elsewhere (a mail, another site): it
 * serves only to render a page for its reader, which changes nothing.
 */
const REFRESH_ATTRIBUTES = 'Path=/; Secure; SameSite=Lax';

/**
 * docs/sessions.md#auth-cookie: the auth cookie lives 8 hours, Secure, SameSite=Strict. It carries
 * the access token for requests that cannot send a bearer header (an `<audio src>` streaming a
 * note, a page the server renders with the reader's data). Beside it the refresh cookie carries
 * the refresh token until the session ends, for the server to render such a page once the access
 * token has expired, or when the auth cookie is not sent (docs/sessions.md#refresh-cookie).
 */
export function writeAuthCookies(
  { token, refreshToken, expiresAt }: CookieSession,
  doc: Document = document,
  now: number = Date.now(),
): void {
  doc.cookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${AUTH_COOKIE_MAX_AGE_S}; ${ATTRIBUTES}`;
  const refreshMaxAge = Math.floor((expiresAt - now) / 1000);
  doc.cookie =
    refreshToken && refreshMaxAge > 0
      ? `${REFRESH_COOKIE_NAME}=${encodeURIComponent(refreshToken)}; Max-Age=${refreshMaxAge}; ${REFRESH_ATTRIBUTES}`
      : `${REFRESH_COOKIE_NAME}=; Max-Age=0; ${REFRESH_ATTRIBUTES}`;
}

export function clearAuthCookies(doc: Document = document): void {
  doc.cookie = `${AUTH_COOKIE_NAME}=; Max-Age=0; ${ATTRIBUTES}`;
  doc.cookie = `${REFRESH_COOKIE_NAME}=; Max-Age=0; ${REFRESH_ATTRIBUTES}`;
}
