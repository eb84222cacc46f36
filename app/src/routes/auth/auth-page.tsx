import { LOCALES, localizePath, type FailureText, type FieldIssue } from '@protokoll/contract';
import { LanguageLinks, type AuthScreenBaseProps } from '@protokoll/ui';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { useLocale } from '../../lib/use-locale.ts';
import {
  forgetSessionLoadFailure,
  loadSession,
  reportSessionLoadFailure,
  useSessionState,
} from '../../session/session-context.ts';
import type { Session } from '../../session/session.ts';
import { AppSiteFooter } from '../app-site-footer.tsx';

/** Header props every account screen gets: language links and the home link. */
export function useAuthScreenBase(): AuthScreenBaseProps {
  const { switchLocale, href } = useLocale();
  const [path] = useLocation();
  const search = typeof location === 'undefined' ? '' : location.search;
  const hrefs = Object.fromEntries(
    LOCALES.map((option) => [option, `${localizePath(path, option)}${search}`]),
  ) as Record<(typeof LOCALES)[number], string>;
  return {
    languageSwitch: <LanguageLinks hrefs={hrefs} onLocaleChange={switchLocale} />,
    homeHref: href('/'),
    siteFooter: <AppSiteFooter />,
  };
}

/** What shows a visitor is about to use the page: then the session chunk starts loading. */
const INTENT_EVENTS = ['focusin', 'pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Loads the session chunk (API client, zod, schemas) on the visitor's first sign of intent — a
 * focus, a touch, a key — so the first submit does not wait for it, while a page that is only
 * looked at never loads it (docs/architecture.md#chunks). A field focused before hydration
 * counts at once.
 */
export function usePreloadSession(): void {
  useEffect(() => {
    const load = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, load, true);
      // A failure (offline) is no matter here: the submit loads it again.
      loadSession().catch(() => undefined);
    };
    if (document.activeElement && document.activeElement !== document.body) return load();
    for (const type of INTENT_EVENTS)
      document.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, load, true);
    };
  }, []);
}

/**
 * The state of the session's own sign-in calls (password, Google, registration) for a form:
 * running, and the text and field issues of the last failure. The session keeps it because the
 * sign-in page stays without the query cache; a failure is forgotten when its page is left.
 */
export function useSignInCall(): {
  submitting: boolean;
  error: FailureText | undefined;
  fieldErrors: FieldIssue[] | undefined;
} {
  const { isLoading, error, fieldErrors } = useSessionState();
  useEffect(
    () => () => {
      loadSession().then(
        ({ session }) => session.resetError(),
        () => forgetSessionLoadFailure(),
      );
    },
    [],
  );
  return {
    submitting: isLoading,
    error: error ?? undefined,
    fieldErrors: fieldErrors ?? undefined,
  };
}

/**
 * Runs a sign-in call of the session; its failure shows through `useSignInCall`, and so does a
 * session chunk that could not load (offline): the next submit loads it again.
 */
export function signInWith(call: (session: Session) => Promise<void>): void {
  void loadSession()
    .then(
      ({ session }) => call(session),
      () => reportSessionLoadFailure(),
    )
    .catch(() => undefined);
}
