import type { pageRoutes } from '@protokoll/contract';

// Plain data (no React): the build's server entry and the end-to-end test read it too.

export type PagePath = (typeof pageRoutes)[number]['path'];

/** The site's name, after every page's own title: `Anmelden – Protokoll`. */
export const SITE_NAME = 'Protokoll';

/** `<title>` of a page titled `title`. */
export const documentTitle = (title: string) => `${title} – ${SITE_NAME}`;

/**
 * Each page's title as a message key: the navigation's word where it names the page (the `common`
 * group), else a text of the page's own message groups, which are loaded before the page renders
 * (`PageTitle` renders with the page). The home page is `null`: it names the site and its
 * tagline. The type makes a page without a title a compile error.
 */
export const PAGE_TITLE_KEYS = {
  '/': null,
  '/login': 'auth.login.title',
  '/register': 'auth.register.title',
  '/forgot-password': 'auth.forgotPassword.title',
  '/reset-password': 'auth.resetPassword.title',
  '/update-email': 'auth.updateEmail.title',
  '/dashboard': 'shell.nav.dashboard',
  '/notes': 'shell.nav.notes',
  '/saved-notes': 'notes.saved.title',
  '/protocol': 'shell.nav.protocol',
  '/support': 'shell.menu.support',
  '/team': 'shell.nav.team',
  '/buy': 'buy.title',
  '/successful-purchase': 'purchase.title',
  '/settings': 'shell.nav.settings',
  '/settings/profile': 'shell.menu.profile',
  '/settings/subscription': 'shell.menu.subscription',
  '/settings/glossary': 'settings.nav.glossary',
  '/settings/templates': 'settings.nav.templates',
} as const satisfies Record<PagePath, string | null>;

/** The error page's titles: not found, and anything else. */
export const ERROR_TITLE_KEYS = {
  notFound: 'errorPage.notFound.title',
  error: 'errorPage.default.title',
} as const;

export type TitleKey =
  | Exclude<(typeof PAGE_TITLE_KEYS)[PagePath], null>
  | (typeof ERROR_TITLE_KEYS)[keyof typeof ERROR_TITLE_KEYS];

/** A message by its dotted key in a message tree (the build reads the locale files directly). */
function messageAt(messages: object, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        typeof node === 'object' && node !== null
          ? (node as Record<string, unknown>)[part]
          : undefined,
      messages,
    );
  if (typeof value !== 'string') throw new Error(`page title: no message ${key}`);
  return value;
}

/** The `<title>` of the page at `path` (German form) from a locale's messages. */
export function pageTitleFrom(messages: object, path: PagePath): string {
  const key = PAGE_TITLE_KEYS[path];
  if (key === null)
    return `${messageAt(messages, 'app.name')} – ${messageAt(messages, 'app.tagline')}`;
  return documentTitle(messageAt(messages, key));
}
