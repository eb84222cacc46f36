import { RegisterScreen, type RegisterValues } from '@protokoll/ui';
import { useLocale } from '../../lib/use-locale.ts';
import { localizedCounterpart } from '../../lib/content.ts';
import { signInWith, useAuthScreenBase, usePreloadSession, useSignInCall } from './auth-page.tsx';
import { GoogleButton, useGoogleClientId } from './google-button.tsx';

/** `/register`: a new account signs in at once; the page's guard then opens /dashboard. */
export function RegisterRoute() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const googleClientId = useGoogleClientId();
  const { submitting, error, fieldErrors } = useSignInCall();
  usePreloadSession();

  return (
    <RegisterScreen
      {...base}
      onSubmit={(values: RegisterValues) =>
        signInWith((session) => session.register({ ...values, locale }))
      }
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signup"
            onCredential={(credential) => signInWith((session) => session.googleLogin(credential))}
          />
        ) : undefined
      }
      loginHref={href('/login')}
      termsHref={localizedCounterpart('de', '/agb', locale)}
      privacyHref={localizedCounterpart('de', '/datenschutz', locale)}
    />
  );
}
