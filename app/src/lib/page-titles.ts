import type { pageRoutes } from '@protokoll/contract';

// Plain data (no React): the build's document writer and the end-to-end test read it too.

export type PagePath = (typeof pageRoutes)[number]['path'];

/** The site's name, after every page's own title: `Anmelden – Protokoll`. */
export const SITE_NAME = 'Protokoll';

/** `<title>` of a page titled `title`. */
export const documentTitle = (title: string) => `${title} – ${SITE_NAME}`;

/**
 * Each page's title, under `app.pageTitle` (the `common` message group, so every page has it at
 * hand). The type makes a page without a title a compile error.
 */
export const PAGE_TITLE_KEYS = {
  '/': 'home',
  '/login': 'login',
  '/register': 'register',
  '/forgot-password': 'forgotPassword',
  '/reset-password': 'resetPassword',
  '/update-email': 'updateEmail',
  '/dashboard': 'dashboard',
  '/notes': 'notes',
  '/saved-notes': 'savedNotes',
  '/protocol': 'protocol',
  '/support': 'support',
  '/team': 'team',
  '/buy': 'buy',
  '/successful-purchase': 'successfulPurchase',
  '/settings': 'settings',
  '/settings/profile': 'profile',
  '/settings/subscription': 'subscription',
} as const satisfies Record<PagePath, string>;

export type PageTitleKey = (typeof PAGE_TITLE_KEYS)[PagePath] | 'notFound' | 'error';
