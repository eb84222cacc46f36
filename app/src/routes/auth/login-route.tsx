import { LoginScreen, type LoginValues } from '@protokoll/ui';
import { useSearch } from 'wouter';
import { useLocale } from '../../lib/use-locale.ts';
import { signInWith, useAuthScreenBase, usePreloadSession, useSignInCall } from './auth-page.tsx';
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
  const { submitting, error, fieldErrors } = useSignInCall();
  usePreloadSession();

  return (
    <LoginScreen
      {...base}
      onSubmit={(values: LoginValues) => signInWith((session) => session.login(values))}
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signin"
            onCredential={(credential) => signInWith((session) => session.googleLogin(credential))}
          />
        ) : undefined
      }
      registerHref={`${href('/register')}${search ? `?${search}` : ''}`}
      forgotPasswordHref={href('/forgot-password')}
    />
  );
}
