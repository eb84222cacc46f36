import type { pageRoutes } from '@protokoll/contract';
import type { ContentPageEntry } from 'virtual:content';
import { lazyRoute, type LazyRoute } from './lib/lazy-route.ts';
import { loadGlossaryRoute } from './routes/settings/load-glossary-route.ts';

type PagePath = (typeof pageRoutes)[number]['path'];

/**
 * One lazily loaded chunk per page of the contract's `pageRoutes` (German form; English is the
 * same table under `/en`), with the message groups of its texts (docs/i18n.md#message-groups).
 * The type makes a page missing here a compile error.
 */
export const routeTable: Record<PagePath, LazyRoute> = {
  '/': lazyRoute(() => import('./routes/home-route.tsx'), 'HomeRoute', [
    'home',
    'reader',
    'offers',
  ]),
  '/login': lazyRoute(() => import('./routes/auth/login-route.tsx'), 'LoginRoute', ['auth']),
  '/register': lazyRoute(() => import('./routes/auth/register-route.tsx'), 'RegisterRoute', [
    'auth',
  ]),
  '/forgot-password': lazyRoute(
    () => import('./routes/auth/forgot-password-route.tsx'),
    'ForgotPasswordRoute',
    ['auth'],
  ),
  '/reset-password': lazyRoute(
    () => import('./routes/auth/reset-password-route.tsx'),
    'ResetPasswordRoute',
    ['auth'],
  ),
  '/update-email': lazyRoute(
    () => import('./routes/auth/update-email-route.tsx'),
    'UpdateEmailRoute',
    ['auth'],
  ),
  '/dashboard': lazyRoute(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute', [
    'notes',
    'reader',
    'billing',
    'offers',
  ]),
  '/notes': lazyRoute(() => import('./routes/notes/notes-route.tsx'), 'NotesRoute', [
    'notes',
    'reader',
    'noteTools',
  ]),
  '/saved-notes': lazyRoute(
    () => import('./routes/notes/saved-notes-route.tsx'),
    'SavedNotesRoute',
    ['notes', 'reader', 'noteTools'],
  ),
  '/protocol': lazyRoute(() => import('./routes/protocol-route.tsx'), 'ProtocolRoute', [
    'upload',
    'notes',
    'reader',
    'billing',
    'offers',
  ]),
  '/support': lazyRoute(() => import('./routes/support-route.tsx'), 'SupportRoute', [
    'billing',
    'offers',
  ]),
  '/team': lazyRoute(() => import('./routes/team-route.tsx'), 'TeamRoute', ['billing', 'offers']),
  '/buy': lazyRoute(() => import('./routes/billing/buy-route.tsx'), 'BuyRoute', [
    'billing',
    'offers',
  ]),
  '/successful-purchase': lazyRoute(
    () => import('./routes/billing/successful-purchase-route.tsx'),
    'SuccessfulPurchaseRoute',
    ['billing', 'offers'],
  ),
  '/settings': lazyRoute(() => import('./routes/settings/settings-route.tsx'), 'SettingsRoute', [
    'settings',
    'billing',
    'offers',
  ]),
  '/settings/profile': lazyRoute(
    () => import('./routes/settings/profile-route.tsx'),
    'ProfileRoute',
    ['settings', 'billing', 'offers'],
  ),
  '/settings/subscription': lazyRoute(
    () => import('./routes/settings/subscription-route.tsx'),
    'SubscriptionRoute',
    ['settings', 'billing', 'offers'],
  ),
  '/settings/glossary': lazyRoute<object, 'GlossaryRoute'>(loadGlossaryRoute, 'GlossaryRoute', [
    'settings',
    'glossary',
    'billing',
    'offers',
  ]),
  '/settings/templates': lazyRoute(
    () => import('./routes/settings/templates-route.tsx'),
    'TemplatesRoute',
    ['settings', 'billing', 'offers'],
  ),
};

/** A content page at `/{slug}` (docs/product.md#content-pages). */
export const ContentPage = lazyRoute<{ entry: ContentPageEntry }, 'ContentRoute'>(
  () => import('./routes/content-route.tsx'),
  'ContentRoute',
);

/** Every unknown path: neither a page nor a content page. */
export const NotFoundPage = lazyRoute(
  () => import('./routes/not-found-route.tsx'),
  'NotFoundRoute',
);

/** The default layout has its own chunk too, so auth pages never download the app shell. */
export const DefaultLayout = lazyRoute(
  () => import('./routes/default-layout.tsx'),
  'DefaultLayout',
);
