import '../styles/app.css';
import { AppShell, type NavItem } from '@protokoll/ui';
import { useTranslation } from '@protokoll/ui/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { Bookmark, FilePlus, FileText, LayoutDashboard, Settings } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { useLocation } from 'wouter';
import { lazyRoute } from '../lib/lazy-route.ts';
import { queryClient } from '../lib/query-client.ts';
import { renderRouterLink } from '../lib/router-link.tsx';
import { useLocale } from '../lib/use-locale.ts';
import { loadSession, useSessionState } from '../session/session-context.ts';

const NAV = [
  { key: 'dashboard', path: '/dashboard', icon: <LayoutDashboard aria-hidden /> },
  { key: 'protocol', path: '/protocol', icon: <FilePlus aria-hidden /> },
  { key: 'notes', path: '/notes', icon: <FileText aria-hidden /> },
  { key: 'savedNotes', path: '/saved-notes', icon: <Bookmark aria-hidden /> },
  { key: 'settings', path: '/settings', icon: <Settings aria-hidden /> },
] as const;

/** In a chunk of its own: visitors of public pages never load the toasts. */
const UploadToastsContainer = lazyRoute(
  () => import('../uploads/upload-toasts-container.tsx'),
  'UploadToastsContainer',
);

/** SPEC §2 "default" layout: the shell with navigation, language switch and the user menu. */
export function DefaultLayout({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const { locale, switchLocale, href } = useLocale();
  const [path, navigate] = useLocation();
  const { user, isAuthenticated } = useSessionState();

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

  return (
    <QueryClientProvider client={queryClient}>
      <AppShell
        navItems={navItems}
        renderLink={renderRouterLink}
        homeHref={href(isAuthenticated ? '/dashboard' : '/')}
        locale={locale}
        onLocaleChange={switchLocale}
        user={
          user ? { firstName: user.firstName, lastName: user.lastName, email: user.email } : null
        }
        onLogout={() => void loadSession().then(({ session }) => session.logout())}
        onSignIn={() => navigate('/login')}
      >
        {children}
      </AppShell>
      {isAuthenticated && user ? (
        <Suspense fallback={null}>
          <UploadToastsContainer owner={user.id} />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  );
}
