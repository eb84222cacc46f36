import { ID_MAX, LOCALE_PREFIX, type Locale } from './constants.ts';

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
  { path: '/settings/glossary', layout: 'default', access: 'signed-in' },
  { path: '/settings/templates', layout: 'default', access: 'signed-in' },
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

/**
 * Query parameters that name a record, by page (German form): `/notes?note=12`,
 * `/notes?folder_id=3`. Present but not an id (`?note=abc`), the address names nothing and is
 * the 404 page (docs/product.md#unknown-paths); the server and the app both ask here, so the
 * status and the page agree. Whether the record exists only the signed-in page can tell.
 */
export const PAGE_ID_PARAMS: Readonly<Record<string, readonly string[]>> = {
  '/notes': ['note', 'folder_id'],
  '/saved-notes': ['note', 'folder_id'],
};

const ID_PATTERN = /^[1-9]\d{0,9}$/;

/** Whether the query of a (German-form) page has only well-formed ids in its id parameters. */
export function pageParamsValid(path: string, search: string): boolean {
  const normalized = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const names = PAGE_ID_PARAMS[normalized];
  if (!names) return true;
  const params = new URLSearchParams(search);
  return names.every((name) =>
    params.getAll(name).every((value) => ID_PATTERN.test(value) && Number(value) <= ID_MAX),
  );
}
