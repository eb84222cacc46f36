import { LOCALE_PREFIX, type Locale } from './constants.ts';

/**
 * `public`: anyone · `guest`: sign-in and sign-up pages, signed-in users go to /dashboard ·
 * `signed-in`: others go to /login?redirect=… and come back after signing in.
 */
export type PageAccess = 'public' | 'guest' | 'signed-in';
export type PageLayout = 'default' | 'auth';

/** A page (docs/product.md#pages), in its German (unprefixed) form. */
export interface PageRoute {
  path: string;
  layout: PageLayout;
  access: PageAccess;
}

/**
 * The pages that exist today. The app's route table and the server's 200-or-404 decision both
 * read this list, so a path is never a page in one and missing in the other. Later issues add
 * their pages here.
 */
export const pageRoutes = [
  { path: '/', layout: 'default', access: 'public' },
  { path: '/login', layout: 'auth', access: 'guest' },
  { path: '/register', layout: 'auth', access: 'guest' },
  { path: '/forgot-password', layout: 'auth', access: 'guest' },
  { path: '/reset-password', layout: 'auth', access: 'public' },
  { path: '/update-email', layout: 'auth', access: 'public' },
  { path: '/dashboard', layout: 'default', access: 'signed-in' },
  { path: '/notes', layout: 'default', access: 'signed-in' },
  { path: '/saved-notes', layout: 'default', access: 'signed-in' },
  { path: '/protocol', layout: 'default', access: 'signed-in' },
  { path: '/support', layout: 'default', access: 'signed-in' },
  { path: '/team', layout: 'default', access: 'signed-in' },
  { path: '/buy', layout: 'default', access: 'signed-in' },
  { path: '/successful-purchase', layout: 'default', access: 'signed-in' },
  { path: '/settings', layout: 'default', access: 'signed-in' },
  { path: '/settings/profile', layout: 'default', access: 'signed-in' },
  { path: '/settings/subscription', layout: 'default', access: 'signed-in' },
] as const satisfies readonly PageRoute[];

/** Splits `/en/x` into `{ locale: 'en', path: '/x' }`; anything else is German. */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
  const prefix = LOCALE_PREFIX.en;
  if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
    return { locale: 'en', path: pathname.slice(prefix.length) || '/' };
  }
  return { locale: 'de', path: pathname || '/' };
}

/** The same page in another locale: `/x` ⇄ `/en/x`. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** Whether a (German-form) path is a page that exists. Trailing slashes are ignored. */
export function isKnownPage(path: string): boolean {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return pageRoutes.some((route) => route.path === normalized);
}
