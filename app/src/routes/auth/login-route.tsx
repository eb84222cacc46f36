import type { FailureText, FieldIssue } from '@protokoll/contract';
import { LoginScreen, type LoginValues } from '@protokoll/ui';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession, useSessionState } from '../../session/session-context.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';
import { GoogleButton, useGoogleClientId } from './google-button.tsx';

/**
 * `/login`. After a successful sign-in the guard of this page sends the user on: to the
 * `redirect` parameter when it is one of our pages, otherwise to /dashboard.
 */
export function LoginRoute() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const { isLoading } = useSessionState();
  const search = useSearch();
  const googleClientId = useGoogleClientId();
  const [error, setError] = useState<FailureText | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();
  usePreloadSession();

  async function signIn(context: 'login' | 'googleLogin', run: () => Promise<void>) {
    setError(undefined);
    setFieldErrors(undefined);
    try {
      await run();
    } catch (failure) {
      const { failureOf, issuesOf } = await loadSession();
      setError(failureOf(context, failure));
      setFieldErrors(issuesOf(failure));
    }
  }

  return (
    <LoginScreen
      {...base}
      onSubmit={(values: LoginValues) =>
        signIn('login', async () => (await loadSession()).session.login(values))
      }
      submitting={isLoading}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signin"
            onCredential={(credential) =>
              void signIn('googleLogin', async () =>
                (await loadSession()).session.googleLogin(credential),
              )
            }
          />
        ) : undefined
      }
      registerHref={`${href('/register')}${search ? `?${search}` : ''}`}
      forgotPasswordHref={href('/forgot-password')}
    />
  );
}
