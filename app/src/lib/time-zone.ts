import { TIME_ZONE_COOKIE_MAX_AGE_S, TIME_ZONE_COOKIE_NAME } from '@protokoll/contract';

/**
 * Tells the server the browser's time zone (docs/architecture.md#pages-rendered-with-data): a
 * page it renders with the reader's data writes its times in this zone, as the browser would.
 * Written whenever the session starts in a page (`createAppSession`), so a changed zone counts
 * from the next page load on.
 */
export function writeTimeZoneCookie(
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
  doc: Document = document,
): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${TIME_ZONE_COOKIE_NAME}=${encodeURIComponent(timeZone)}; Max-Age=${TIME_ZONE_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}
