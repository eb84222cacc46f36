import {
  LOCALE_PREFIX,
  localizePath,
  pageRoutes,
  type PageLayout,
  splitLocale,
  type Locale,
} from '@protokoll/contract';
import type { i18n as I18n } from 'i18next';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Route, Router, Switch } from 'wouter';
import { navigate, useBrowserLocation } from 'wouter/use-browser-location';
import { ErrorBoundary } from './error-boundary.tsx';
import { fetchMessages } from './lib/messages.ts';
import { writeLocaleCookie } from './lib/locale.ts';
import { LocaleContext, type LocaleContextValue } from './lib/use-locale.ts';
import { DefaultLayout, NotFoundPage, routeTable } from './route-table.ts';

/** SPEC §2 layouts. Auth screens bring their own `AuthLayout`, so that layout adds no chrome here. */
const layouts: Record<PageLayout, (props: { children: React.ReactNode }) => React.ReactNode> = {
  default: DefaultLayout,
  auth: ({ children }) => children,
};

function Pages() {
  return (
    <Switch>
      {pageRoutes.map(({ path, layout }) => {
        const Page = routeTable[path];
        const Layout = layouts[layout];
        return (
          <Route key={path} path={path}>
            <Layout>
              <Page />
            </Layout>
          </Route>
        );
      })}
      <Route>
        <DefaultLayout>
          <NotFoundPage />
        </DefaultLayout>
      </Route>
    </Switch>
  );
}

/**
 * Keeps i18next on the locale of the URL, loading that locale's messages when first needed.
 * While another locale loads, the page stays in the current one; if loading fails it stays there.
 */
function useLocaleMessages(i18n: I18n, locale: Locale): boolean {
  const [shown, setShown] = useState<Locale | null>(
    i18n.hasResourceBundle(locale, 'translation') ? locale : null,
  );
  useEffect(() => {
    let cancelled = false;
    const apply = () =>
      i18n.changeLanguage(locale).then(() => {
        if (cancelled) return;
        document.documentElement.lang = locale;
        setShown(locale);
      });
    const load = i18n.hasResourceBundle(locale, 'translation')
      ? apply()
      : fetchMessages(locale).then((messages) => {
          i18n.addResourceBundle(locale, 'translation', messages);
          return apply();
        });
    load.catch(() => {
      if (!cancelled) setShown((current) => current ?? locale);
    });
    return () => {
      cancelled = true;
    };
  }, [i18n, locale]);
  return shown !== null;
}

export function App({ i18n }: { i18n: I18n }) {
  const [pathname] = useBrowserLocation();
  const { locale } = splitLocale(pathname);
  const ready = useLocaleMessages(i18n, locale);

  const localeValue = useMemo<LocaleContextValue>(
    () => ({
      locale,
      switchLocale(next) {
        writeLocaleCookie(next);
        const { path } = splitLocale(location.pathname);
        navigate(`${localizePath(path, next)}${location.search}${location.hash}`);
      },
      href: (path) => localizePath(path, locale),
    }),
    [locale],
  );

  return (
    <I18nextProvider i18n={i18n}>
      <LocaleContext.Provider value={localeValue}>
        <Router base={LOCALE_PREFIX[locale]}>
          <ErrorBoundary>
            <Suspense fallback={null}>{ready ? <Pages /> : null}</Suspense>
          </ErrorBoundary>
        </Router>
      </LocaleContext.Provider>
    </I18nextProvider>
  );
}
