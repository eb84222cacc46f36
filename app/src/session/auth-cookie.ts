import { AUTH_COOKIE_MAX_AGE_S, AUTH_COOKIE_NAME } from '@protokoll/contract';

/**
 * docs/sessions.md#auth-cookie: the auth cookie lives 8 hours, Secure, SameSite=Strict. It carries
 * the access token for requests that cannot send a bearer header (an `<audio src>` streaming a
 * note).
 */
export function writeAuthCookie(token: string, doc: Document = document): void {
  doc.cookie = `${AUTH_COOKIE_NAME}=${encodeURIComponent(token)}; Max-Age=${AUTH_COOKIE_MAX_AGE_S}; Path=/; Secure; SameSite=Strict`;
}

export function clearAuthCookie(doc: Document = document): void {
  doc.cookie = `${AUTH_COOKIE_NAME}=; Max-Age=0; Path=/; Secure; SameSite=Strict`;
}
