import '../styles/app.css';
import { AppShell, type NavItem } from '@protokoll/ui';
import { useTranslation } from 'react-i18next';
import {
  Bookmark,
  FilePlus,
  FileText,
  LayoutDashboard,
  LifeBuoy,
  Settings,
  Users,
} from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { useUser } from '../api/user/user.ts';
import { lazyRoute } from '../lib/lazy-route.ts';
import { QueryProvider } from '../lib/query-provider.tsx';
import { renderRouterLink } from '../lib/router-link.tsx';
import { useLocale } from '../lib/use-locale.ts';
import { loadSession, useSessionState } from '../session/session-context.ts';
import { AppSiteFooter } from './app-site-footer.tsx';

const NAV = [
  { key: 'dashboard', path: '/dashboard', icon: <LayoutDashboard aria-hidden /> },
  { key: 'protocol', path: '/protocol', icon: <FilePlus aria-hidden /> },
  { key: 'notes', path: '/notes', icon: <FileText aria-hidden /> },
  { key: 'savedNotes', path: '/saved-notes', icon: <Bookmark aria-hidden /> },
  { key: 'team', path: '/team', icon: <Users aria-hidden /> },
  { key: 'support', path: '/support', icon: <LifeBuoy aria-hidden /> },
  { key: 'settings', path: '/settings', icon: <Settings aria-hidden /> },
] as const;

/** In a chunk of its own: the page paints before the toasts' code has arrived. */
const AppToaster = lazyRoute(() => import('./app-toaster.tsx'), 'AppToaster');

/** The "default" layout: the shell with navigation, language switch and the user menu. */
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
  const shownUser = isAuthenticated && user ? user : null;

  return (
    <>
      <AppShell
        navItems={navItems}
        renderLink={renderRouterLink}
        homeHref={href(isAuthenticated ? '/dashboard' : '/')}
        locale={locale}
        onLocaleChange={switchLocale}
        user={
          shownUser
            ? {
                firstName: shownUser.firstName,
                lastName: shownUser.lastName,
                email: shownUser.email,
              }
            : null
        }
        onLogout={() => void loadSession().then(({ session }) => session.logout())}
        onSignIn={() => navigate('/login')}
        footer={<AppSiteFooter />}
      >
        {children}
      </AppShell>
      <Suspense fallback={null}>
        <AppToaster owner={shownUser?.id ?? null} />
      </Suspense>
    </>
  );
}
