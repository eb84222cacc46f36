import { LoginScreen, type LoginValues } from '@protokoll/ui';
import { useSearch } from 'wouter';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthCall, useAuthScreenBase, usePreloadSession } from './auth-page.tsx';
import { GoogleButton, useGoogleClientId } from './google-button.tsx';

/**
 * `/login`. After a successful sign-in the guard of this page sends the user on: to the
 * `redirect` parameter when it is one of our pages, otherwise to /dashboard.
 */
export function LoginRoute() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const search = useSearch();
  const googleClientId = useGoogleClientId();
  const { submitting, error, fieldErrors, run } = useAuthCall();
  usePreloadSession();

  return (
    <LoginScreen
      {...base}
      onSubmit={(values: LoginValues) =>
        run('login', async () => (await loadSession()).session.login(values))
      }
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signin"
            onCredential={(credential) =>
              void run('googleLogin', async () =>
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
