import {
  LOCALE_COOKIE_KEY,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALES,
  type Locale,
} from '@protokoll/contract';

/**
 * The language the user chose last, from the `i18n_redirected` cookie (docs/i18n.md#locale-cookie).
 */
export function readLocaleCookie(cookie = document.cookie): Locale | undefined {
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE_KEY}=([^;]+)`));
  const value = match?.[1];
  return LOCALES.find((locale) => locale === value);
}

/** Remembers the choice for 365 days. */
export function writeLocaleCookie(locale: Locale): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE_KEY}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}
