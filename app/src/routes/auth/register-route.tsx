import type { FailureText, FieldIssue } from '@protokoll/contract';
import { RegisterScreen, type RegisterValues } from '@protokoll/ui';
import { useState } from 'react';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession, useSessionState } from '../../session/session-context.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';
import { GoogleButton, useGoogleClientId } from './google-button.tsx';

/** `/register`: a new account signs in at once; the page's guard then opens /dashboard. */
export function RegisterRoute() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const { isLoading } = useSessionState();
  const googleClientId = useGoogleClientId();
  const [error, setError] = useState<FailureText | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();
  usePreloadSession();

  async function attempt(context: 'register' | 'googleLogin', run: () => Promise<void>) {
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
    <RegisterScreen
      {...base}
      onSubmit={(values: RegisterValues) =>
        attempt('register', async () =>
          (await loadSession()).session.register({ ...values, locale }),
        )
      }
      submitting={isLoading}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signup"
            onCredential={(credential) =>
              void attempt('googleLogin', async () =>
                (await loadSession()).session.googleLogin(credential),
              )
            }
          />
        ) : undefined
      }
      loginHref={href('/login')}
      termsHref={href('/agb')}
      privacyHref={href('/datenschutz')}
    />
  );
}
