import '../styles/app.css';
import { AppShell, type NavItem } from '@protokoll/ui';
import { LOCALES } from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import {
  CreditCard,
  FilePlus,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  Settings,
  Star,
  UserRound,
  Users,
} from 'lucide-react';
import { useIsFetching } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useUser } from '../api/user/user.ts';
import { useOnline } from '../lib/connection.ts';
import { localizedCounterpart } from '../lib/content.ts';
import { markFirstDataLoaded } from '../lib/first-data.ts';
import { lazyRoute } from '../lib/lazy-route.ts';
import { queryClient } from '../lib/query-client.ts';
import { QueryProvider } from '../lib/query-provider.tsx';
import { setThemeChoice, useThemeChoice } from '../lib/theme.ts';
import { useLocale } from '../lib/use-locale.ts';
import { loadSession, useAccountShown, useSessionState } from '../session/session-context.ts';
import { AppSiteFooter } from './app-site-footer.tsx';

const NAV = [
  { key: 'dashboard', path: '/dashboard', icon: <LayoutDashboard aria-hidden /> },
  { key: 'protocol', path: '/protocol', icon: <FilePlus aria-hidden /> },
  { key: 'notes', path: '/notes', icon: <FileText aria-hidden /> },
  { key: 'savedNotes', path: '/saved-notes', icon: <Star aria-hidden /> },
  { key: 'team', path: '/team', icon: <Users aria-hidden /> },
  { key: 'support', path: '/support', icon: <LifeBuoy aria-hidden /> },
  { key: 'settings', path: '/settings', icon: <Settings aria-hidden /> },
] as const;

/** The user menu's account pages, above language and theme. */
const USER_MENU = [
  { key: 'profile', path: '/settings/profile', icon: <UserRound aria-hidden /> },
  { key: 'subscription', path: '/settings/subscription', icon: <CreditCard aria-hidden /> },
  { key: 'support', path: '/support', icon: <LifeBuoy aria-hidden /> },
] as const;

/** In a chunk of its own: the page paints before the toasts' code has arrived. */
const AppToaster = lazyRoute(() => import('./app-toaster.tsx'), 'AppToaster');

/** The "default" layout: the shell with navigation, language links and the user menu. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  return (
    <QueryProvider>
      <Shell>{children}</Shell>
    </QueryProvider>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { locale, switchLocale, href } = useLocale();
  const [path, navigate] = useLocation();
  const { isAuthenticated } = useSessionState();
  const { data: user } = useUser();
  const theme = useThemeChoice();
  const online = useOnline();

  // Signed-in pages need the full session (API client, token refresh) right away.
  useEffect(() => {
    if (isAuthenticated) void loadSession();
  }, [isAuthenticated]);

  const navItems: NavItem[] = isAuthenticated
    ? NAV.map(({ key, path: target, icon }) => ({
        key,
        label: t(`shell.nav.${key}`),
        href: href(target),
        icon,
        current: path === target || path.startsWith(`${target}/`),
      }))
    : [];
  // A prerendered frame knows no account: the name follows once the page is React's.
  const accountShown = useAccountShown();
  const shownUser = isAuthenticated && accountShown && user ? user : null;
  const languageHrefs = Object.fromEntries(
    LOCALES.map((option) => [option, localizedCounterpart(locale, path, option)]),
  ) as Record<(typeof LOCALES)[number], string>;

  return (
    <>
      <AppShell
        navItems={navItems}
        homeHref={href(isAuthenticated ? '/dashboard' : '/')}
        languageHrefs={languageHrefs}
        onLocaleChange={switchLocale}
        theme={theme}
        onThemeChange={setThemeChoice}
        userMenuItems={USER_MENU.map(({ key, path: target, icon }) => ({
          key,
          label: t(`shell.menu.${key}`),
          href: href(target),
          icon,
        }))}
        user={
          shownUser
            ? {
                firstName: shownUser.firstName,
                lastName: shownUser.lastName,
                email: shownUser.email,
              }
            : null
        }
        userPending={isAuthenticated && shownUser === null}
        onLogout={() => void loadSession().then(({ session }) => session.logout())}
        onSignIn={() => navigate('/login')}
        footer={<AppSiteFooter languageLinks={isAuthenticated} />}
        offline={!online}
      >
        {children}
      </AppShell>
      <Suspense fallback={null}>
        <AppToaster owner={shownUser?.id ?? null} />
      </Suspense>
      <FirstDataWatch />
    </>
  );
}

/**
 * Marks the page's first data once its queries have settled: what waited for it may start
 * (visible links' prefetch, a signed-in page's web font: docs/architecture.md#route-prefetch).
 * The live count, not the rendered one: the page's queries start in the same commit. A component
 * of its own, so a query starting or ending re-renders only this.
 */
function FirstDataWatch() {
  const fetching = useIsFetching();
  useEffect(() => {
    if (queryClient.isFetching() === 0) markFirstDataLoaded();
  }, [fetching]);
  return null;
}
