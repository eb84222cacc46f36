import {
  LOCALES,
  localizePath,
  type FailureContext,
  type FailureText,
  type FieldIssue,
} from '@protokoll/contract';
import { LanguageLinks, type AuthScreenBaseProps } from '@protokoll/ui';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { renderRouterLink } from '../../lib/router-link.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';

/** Header props every account screen gets: language links, the home link, router links. */
export function useAuthScreenBase(): AuthScreenBaseProps {
  const { locale, switchLocale, href } = useLocale();
  const [path] = useLocation();
  const search = typeof location === 'undefined' ? '' : location.search;
  const hrefs = Object.fromEntries(
    LOCALES.map((option) => [option, `${localizePath(path, option)}${search}`]),
  ) as Record<(typeof LOCALES)[number], string>;
  return {
    languageSwitch: <LanguageLinks locale={locale} hrefs={hrefs} onLocaleChange={switchLocale} />,
    homeHref: href('/'),
    renderLink: renderRouterLink,
  };
}

/**
 * Loads the session chunk (API client, zod, schemas) once the page has painted, so the first
 * submit does not wait for it and the first paint does not carry it.
 */
export function usePreloadSession(): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => void loadSession());
  }, []);
}

/**
 * The state of an account form's call: running, and the SPEC §8 text and field issues of its
 * last failure. `run` clears them, runs the call and maps a failure in `context`'s wording.
 */
export function useAuthCall() {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<FailureText | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();

  async function run(context: FailureContext, call: () => Promise<void>): Promise<void> {
    setSubmitting(true);
    setError(undefined);
    setFieldErrors(undefined);
    try {
      await call();
    } catch (failure) {
      const { failureOf, issuesOf } = await loadSession();
      setError(failureOf(context, failure));
      setFieldErrors(issuesOf(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, error, fieldErrors, run };
}
