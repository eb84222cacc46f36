import type { ComponentType, LazyExoticComponent } from 'react';
import type { pageRoutes } from '@protokoll/contract';
import { lazyRoute } from './lib/lazy-route.ts';

type PagePath = (typeof pageRoutes)[number]['path'];

/**
 * One lazily loaded chunk per page of the contract's `pageRoutes` (German form; English is the
 * same table under `/en`). The type makes a page missing here a compile error.
 */
export const routeTable: Record<PagePath, LazyExoticComponent<ComponentType>> = {
  '/': lazyRoute(() => import('./routes/home-route.tsx'), 'HomeRoute'),
  '/login': lazyRoute(() => import('./routes/auth/login-route.tsx'), 'LoginRoute'),
  '/register': lazyRoute(() => import('./routes/auth/register-route.tsx'), 'RegisterRoute'),
  '/forgot-password': lazyRoute(
    () => import('./routes/auth/forgot-password-route.tsx'),
    'ForgotPasswordRoute',
  ),
  '/reset-password': lazyRoute(
    () => import('./routes/auth/reset-password-route.tsx'),
    'ResetPasswordRoute',
  ),
  '/update-email': lazyRoute(
    () => import('./routes/auth/update-email-route.tsx'),
    'UpdateEmailRoute',
  ),
  '/dashboard': lazyRoute(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute'),
  '/notes': lazyRoute(() => import('./routes/notes/notes-route.tsx'), 'NotesRoute'),
  '/saved-notes': lazyRoute(
    () => import('./routes/notes/saved-notes-route.tsx'),
    'SavedNotesRoute',
  ),
  '/protocol': lazyRoute(() => import('./routes/protocol-route.tsx'), 'ProtocolRoute'),
  '/support': lazyRoute(() => import('./routes/support-route.tsx'), 'SupportRoute'),
  '/team': lazyRoute(() => import('./routes/team-route.tsx'), 'TeamRoute'),
  '/buy': lazyRoute(() => import('./routes/billing/buy-route.tsx'), 'BuyRoute'),
  '/successful-purchase': lazyRoute(
    () => import('./routes/billing/successful-purchase-route.tsx'),
    'SuccessfulPurchaseRoute',
  ),
  '/settings': lazyRoute(() => import('./routes/settings/settings-route.tsx'), 'SettingsRoute'),
  '/settings/profile': lazyRoute(
    () => import('./routes/settings/profile-route.tsx'),
    'ProfileRoute',
  ),
  '/settings/subscription': lazyRoute(
    () => import('./routes/settings/subscription-route.tsx'),
    'SubscriptionRoute',
  ),
};

/** The `/{slug}` catch-all and every unknown path. */
export const NotFoundPage = lazyRoute(
  () => import('./routes/not-found-route.tsx'),
  'NotFoundRoute',
);

/** The default layout has its own chunk too, so auth pages never download the app shell. */
export const DefaultLayout = lazyRoute(
  () => import('./routes/default-layout.tsx'),
  'DefaultLayout',
);
