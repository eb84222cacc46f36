/*
 * The module of every lazily loaded component, by its name (docs/architecture.md#chunks): what
 * the build needs of the route table without running React. `vite.config.ts` imports it for the
 * chunk groups, the prerender script reads it from the built render module to find a rendered
 * component's chunk in Vite's manifest. `route-table.test.ts` checks it against the table.
 * Paths are the manifest's: relative to `app/`.
 */
export const LAZY_MODULES = {
  HomeRoute: 'src/routes/home-route.tsx',
  LoginRoute: 'src/routes/auth/login-route.tsx',
  RegisterRoute: 'src/routes/auth/register-route.tsx',
  ForgotPasswordRoute: 'src/routes/auth/forgot-password-route.tsx',
  ResetPasswordRoute: 'src/routes/auth/reset-password-route.tsx',
  UpdateEmailRoute: 'src/routes/auth/update-email-route.tsx',
  DashboardRoute: 'src/routes/dashboard-route.tsx',
  NotesRoute: 'src/routes/notes/notes-route.tsx',
  SavedNotesRoute: 'src/routes/notes/saved-notes-route.tsx',
  ProtocolRoute: 'src/routes/protocol-route.tsx',
  SupportRoute: 'src/routes/support-route.tsx',
  TeamRoute: 'src/routes/team-route.tsx',
  BuyRoute: 'src/routes/billing/buy-route.tsx',
  SuccessfulPurchaseRoute: 'src/routes/billing/successful-purchase-route.tsx',
  SettingsRoute: 'src/routes/settings/settings-route.tsx',
  ProfileRoute: 'src/routes/settings/profile-route.tsx',
  SubscriptionRoute: 'src/routes/settings/subscription-route.tsx',
  GlossaryRoute: 'src/routes/settings/glossary-route.tsx',
  TemplatesRoute: 'src/routes/settings/templates-route.tsx',
  ContentRoute: 'src/routes/content-route.tsx',
  NotFoundRoute: 'src/routes/not-found-route.tsx',
  DefaultLayout: 'src/routes/default-layout.tsx',
  NewBuildToast: 'src/routes/new-build-toast.tsx',
  ErrorRoute: 'src/routes/error-route.tsx',
  AppToaster: 'src/routes/app-toaster.tsx',
} as const;

export type LazyName = keyof typeof LAZY_MODULES;

/** The component of each page of the contract's `pageRoutes` (German form). */
export const PAGE_COMPONENTS = {
  '/': 'HomeRoute',
  '/login': 'LoginRoute',
  '/register': 'RegisterRoute',
  '/forgot-password': 'ForgotPasswordRoute',
  '/reset-password': 'ResetPasswordRoute',
  '/update-email': 'UpdateEmailRoute',
  '/dashboard': 'DashboardRoute',
  '/notes': 'NotesRoute',
  '/saved-notes': 'SavedNotesRoute',
  '/protocol': 'ProtocolRoute',
  '/support': 'SupportRoute',
  '/team': 'TeamRoute',
  '/buy': 'BuyRoute',
  '/successful-purchase': 'SuccessfulPurchaseRoute',
  '/settings': 'SettingsRoute',
  '/settings/profile': 'ProfileRoute',
  '/settings/subscription': 'SubscriptionRoute',
  '/settings/glossary': 'GlossaryRoute',
  '/settings/templates': 'TemplatesRoute',
} as const satisfies Record<string, LazyName>;
