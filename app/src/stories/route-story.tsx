import '../zod-config.ts';
import {
  AUTH_STORAGE_KEY,
  LOCALE_PREFIX,
  localizePath,
  MESSAGE_GROUP_NAMES,
  pickMessageGroup,
  splitLocale,
  STORED_SESSION_MAX_AGE_MS,
  type Locale,
  type MessageGroup,
  type Messages,
} from '@protokoll/contract';
import { DEMO_REFRESH_TOKEN, DEMO_TOKEN, demoUser } from '@protokoll/mocks/fixtures';
import type { Loader, StoryContext } from '@storybook/react-vite';
import { UiProvider } from '@protokoll/ui';
import { Suspense, useMemo } from 'react';
import { I18nextProvider as I18nProvider } from 'react-i18next';
import { Router } from 'wouter';
import de from '../../../locales/de.json';
import en from '../../../locales/en.json';
import { Pages } from '../app.tsx';
import { ErrorBoundary } from '../error-boundary.tsx';
import { initAppI18n } from '../lib/app-i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { renderRouterLink } from '../lib/router-link.tsx';
import { LocaleContext, type LocaleContextValue } from '../lib/use-locale.ts';
import { restartSession } from '../session/session-context.ts';
import { writeStoredSession } from '../session/stored-session.ts';
import { navigate, startStoryLocation } from './story-location.ts';

/*
 * Route stories (docs/storybook.md#route-stories): the app's real pages — guards, layouts, route
 * containers, TanStack Query hooks, the API client and the session — rendered at a URL against
 * the MSW handlers of packages/mocks. A story picks the URL and the scenarios; everything else is
 * the app as it ships.
 */

export interface RouteParameters {
  /** Where the story starts, with the locale prefix and search (`/en/notes?note=3`). */
  url: string;
  /** Whether a stored session exists (default true: the demo user is signed in). */
  signedIn?: boolean;
}

declare module '@storybook/react-vite' {
  interface Parameters {
    route?: RouteParameters;
  }
}

const messages: Record<Locale, Messages> = { de, en };

/** Every message group of `locale`, so no story waits for texts. */
function allGroups(locale: Locale): Partial<Record<MessageGroup, Messages>> {
  return Object.fromEntries(
    MESSAGE_GROUP_NAMES.map((group) => [group, pickMessageGroup(messages[locale], group)]),
  );
}

function routeOf(context: Pick<StoryContext, 'parameters'>): RouteParameters {
  const route = context.parameters.route as RouteParameters | undefined;
  if (!route) throw new Error('A route story needs parameters.route.url');
  return route;
}

/**
 * Each story starts as a fresh page load: storage holds the demo user's session (or none), the
 * query cache is empty and the session is read again.
 */
export const prepareRoute: Loader = (context) => {
  const { signedIn = true } = routeOf(context);
  localStorage.clear();
  sessionStorage.clear();
  if (signedIn) {
    const now = Date.now();
    writeStoredSession(localStorage, {
      token: DEMO_TOKEN,
      refreshToken: DEMO_REFRESH_TOKEN,
      user: demoUser,
      savedAt: now,
      expiresAt: now + STORED_SESSION_MAX_AGE_MS,
    });
  } else {
    localStorage.removeItem(AUTH_STORAGE_KEY);
  }
  queryClient.clear();
  restartSession();
  return {};
};

/** The router of one story: its in-memory location, the locale of its address. */
function StoryApp({ url }: { url: string }) {
  const location = useMemo(() => startStoryLocation(url), [url]);
  const [path] = location.hook();
  const { locale } = splitLocale(path);
  const i18n = useMemo(() => initAppI18n(locale, allGroups(locale)), [locale]);
  const localeValue = useMemo<LocaleContextValue>(
    () => ({
      locale,
      switchLocale: (next) => navigate(localizePath(splitLocale(path).path, next)),
      href: (target) => localizePath(target, locale),
    }),
    [locale, path],
  );
  return (
    <I18nProvider i18n={i18n}>
      <LocaleContext.Provider value={localeValue}>
        <UiProvider renderLink={renderRouterLink} locale={locale}>
          <Router hook={location.hook} base={LOCALE_PREFIX[locale]}>
            <ErrorBoundary>
              <Suspense fallback={null}>
                <Pages />
              </Suspense>
            </ErrorBoundary>
          </Router>
        </UiProvider>
      </LocaleContext.Provider>
    </I18nProvider>
  );
}

/** The `render` of every route story. */
export function renderRoute(_args: unknown, context: Pick<StoryContext, 'parameters'>) {
  return <StoryApp url={routeOf(context).url} />;
}

/**
 * How long a play function waits for a page at most: a route's first visit loads its chunk, which
 * in Storybook's dev server is transformed on demand. Beside two other suites (load average about
 * 36) a page stayed empty for 15 s; a cap, not a wait (docs/architecture.md#suite-time).
 */
export const PAGE_LOAD = { timeout: 45_000 } as const;
