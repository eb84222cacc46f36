import {
  LOCALE_PREFIX,
  localizePath,
  pageParamsValid,
  pageRoutes,
  type PageAccess,
  type PageLayout,
  splitLocale,
  type Locale,
} from '@protokoll/contract';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { UiProvider } from '@protokoll/ui';
import type { I18n } from '@protokoll/ui/i18n';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import {
  Redirect,
  Route,
  Router,
  Switch,
  useLocation,
  useSearch,
  type BaseLocationHook,
} from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { ErrorBoundary } from './error-boundary.tsx';
import { hasMessageGroups, loadedMessageGroups, loadMessageGroups } from './lib/app-i18n.ts';
import { PageTitle } from './lib/page-title.ts';
import { lazyRoute } from './lib/lazy-route.ts';
import { writeLocaleCookie } from './lib/locale.ts';
import { newBuildIsOut, watchForNewBuild } from './lib/new-build.ts';
import { switchToWebFontIfFetched } from './lib/web-font.ts';
import {
  PrefetchModeContext,
  PrefetchPageContext,
  type PrefetchMode,
} from './lib/prefetch-mode.ts';
import { loginRedirect, safeRedirect } from './lib/redirect.ts';
import { LocaleContext, useLocale, type LocaleContextValue } from './lib/use-locale.ts';
import { renderRouterLink } from './lib/router-link.tsx';
import { useSessionState } from './session/session-context.ts';
import { findContentPage, localizedCounterpart } from './lib/content.ts';
import { prefetchPage } from './prefetch-page.ts';
import { ContentPage, DefaultLayout, NotFoundPage, routeTable } from './route-table.ts';

/**
 * The layouts (docs/product.md#layouts). Auth screens bring their own `AuthLayout`, so that layout
 * adds no chrome here.
 */
const layouts: Record<PageLayout, (props: { children: React.ReactNode }) => React.ReactNode> = {
  default: DefaultLayout,
  auth: ({ children }) => children,
};

/**
 * Route guards (docs/sessions.md#redirects): signed-in pages send visitors to /login?redirect=…
 * (and back after signing in); sign-in and sign-up pages send signed-in users on, to that redirect
 * or /dashboard.
 */
function Guard({ access, children }: { access: PageAccess; children: React.ReactNode }) {
  const { isAuthenticated } = useSessionState();
  const [path] = useLocation();
  const search = useSearch();
  if (access === 'signed-in' && !isAuthenticated) {
    return <Redirect to={loginRedirect(path, search)} replace />;
  }
  if (access === 'guest' && isAuthenticated) {
    return <Redirect to={safeRedirect(search) ?? '/dashboard'} replace />;
  }
  return children;
}

/**
 * A page whose id parameters are malformed (`/notes?note=abc`) is the 404 page, as the server
 * answers it (docs/product.md#unknown-paths), before any guard: signed in or not.
 */
function ValidParams({ path, children }: { path: string; children: React.ReactNode }) {
  const search = useSearch();
  if (pageParamsValid(path, search)) return children;
  return (
    <DefaultLayout>
      <NotFoundPage />
    </DefaultLayout>
  );
}

/**
 * How a page's links prefetch (docs/architecture.md#route-prefetch): the signed-in app's once they
 * are visible; the public pages' (home, sign-in, content pages, 404) only on intent, so their
 * first load stays their own.
 */
const prefetchModeOf = (access: PageAccess): PrefetchMode =>
  access === 'signed-in' ? 'visible' : 'intent';

/** Every page behind its guard and layout; route stories render it too (docs/storybook.md#route-stories). */
export function Pages() {
  return (
    <PrefetchPageContext.Provider value={prefetchPage}>
      <Switch>
        {pageRoutes.map(({ path, layout, access }) => {
          const Page = routeTable[path];
          const Layout = layouts[layout];
          return (
            <Route key={path} path={path}>
              <PrefetchModeContext.Provider value={prefetchModeOf(access)}>
                <ValidParams path={path}>
                  <Guard access={access}>
                    <Layout>
                      {/* With the page, so its message groups are there; before it, so an error
                        page standing in inside it names itself after this one. */}
                      <PageTitle path={path} />
                      <Page />
                    </Layout>
                  </Guard>
                </ValidParams>
              </PrefetchModeContext.Provider>
            </Route>
          );
        })}
        <Route>
          <PrefetchModeContext.Provider value={prefetchModeOf('public')}>
            <SlugPage />
          </PrefetchModeContext.Provider>
        </Route>
      </Switch>
    </PrefetchPageContext.Provider>
  );
}

/**
 * The `/{slug}` catch-all: a content page of the URL's locale, or the 404 page
 * (docs/product.md#content-pages).
 */
function SlugPage() {
  const [path] = useLocation();
  const { locale } = useLocale();
  const entry = findContentPage(locale, path);
  return (
    <DefaultLayout>
      {entry ? <ContentPage key={path} entry={entry} /> : <NotFoundPage />}
    </DefaultLayout>
  );
}

/**
 * Keeps the translator on the locale of the URL, loading that locale's message groups (those of
 * the current one) when first needed. While another locale loads, the page stays in the current
 * one; if loading fails it stays there.
 */
function useLocaleMessages(i18n: I18n, locale: Locale): boolean {
  const [shown, setShown] = useState<Locale | null>(
    hasMessageGroups(i18n, locale, []) ? locale : null,
  );
  useEffect(() => {
    let cancelled = false;
    const current = i18n.language as Locale;
    loadMessageGroups(i18n, locale, current === locale ? [] : loadedMessageGroups(i18n, current))
      .then(() => (i18n.language === locale ? undefined : i18n.changeLanguage(locale)))
      .then(() => {
        if (cancelled) return;
        document.documentElement.lang = locale;
        setShown(locale);
      })
      .catch(() => {
        if (!cancelled) setShown((shown) => shown ?? locale);
      });
    return () => {
      cancelled = true;
    };
  }, [i18n, locale]);
  return shown !== null;
}

export interface AppProps {
  i18n: I18n;
  /** The address a prerendered page was rendered for (docs/architecture.md#prerendered-pages). */
  ssrPath?: string;
  /**
   * Its search part: `''` for a page prerendered at build time, the request's for one rendered
   * with data (docs/architecture.md#pages-rendered-with-data).
   */
  ssrSearch?: string;
}

/** The new-build toast, in a chunk loaded only when one is out. */
const NewBuildToast = lazyRoute(() => import('./routes/new-build-toast.tsx'), 'NewBuildToast');

/** Shows the new-build toast once the latest-build file names another build. */
function useNewBuild(): [boolean, () => void] {
  const [shown, setShown] = useState(false);
  useEffect(() => watchForNewBuild(() => setShown(true)), []);
  return [shown, () => setShown(false)];
}

/**
 * The router's location hook: the browser's, except that once a new build is out the next
 * navigation loads its page anew (docs/architecture.md#new-builds), and that a navigation
 * switches to the web font once it has been fetched (docs/architecture.md#the-web-font).
 */
const useAppLocation: BaseLocationHook = (options) => {
  const [path, go] = useBrowserLocation(options);
  const navigateOrLoad = useCallback<typeof go>(
    (to, navigateOptions) => {
      if (newBuildIsOut()) {
        if (navigateOptions?.replace) location.replace(String(to));
        else location.assign(String(to));
        return;
      }
      switchToWebFontIfFetched();
      go(to, navigateOptions);
    },
    [go],
  );
  return [path, navigateOrLoad];
};

export function App({ i18n, ssrPath, ssrSearch = '' }: AppProps) {
  const [newBuild, closeNewBuild] = useNewBuild();
  const [pathname] = useBrowserLocation(ssrPath === undefined ? undefined : { ssrPath });
  const { locale } = splitLocale(pathname);
  const ready = useLocaleMessages(i18n, locale);

  const localeValue = useMemo<LocaleContextValue>(
    () => ({
      locale,
      switchLocale(next) {
        writeLocaleCookie(next);
        const current = splitLocale(location.pathname);
        // A content page's counterpart has its own slug (`/agb` ⇄ `/en/terms`).
        navigate(`${localizedCounterpart(current.locale, current.path, next)}${location.search}`);
      },
      href: (path) => localizePath(path, locale),
    }),
    [locale],
  );

  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext.Provider value={localeValue}>
        <UiProvider renderLink={renderRouterLink} locale={locale}>
          <Router
            base={LOCALE_PREFIX[locale]}
            hook={useAppLocation}
            {...(ssrPath === undefined ? {} : { ssrPath, ssrSearch })}
          >
            <ErrorBoundary>
              <Suspense fallback={null}>{ready ? <Pages /> : null}</Suspense>
              {newBuild ? (
                <Suspense fallback={null}>
                  <NewBuildToast onClose={closeNewBuild} />
                </Suspense>
              ) : null}
            </ErrorBoundary>
          </Router>
        </UiProvider>
      </LocaleContext.Provider>
    </I18nProvider>
  );
}
