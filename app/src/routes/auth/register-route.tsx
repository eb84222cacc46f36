import { RegisterScreen, type RegisterValues } from '@protokoll/ui';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthCall, useAuthScreenBase, usePreloadSession } from './auth-page.tsx';
import { GoogleButton, useGoogleClientId } from './google-button.tsx';

/** `/register`: a new account signs in at once; the page's guard then opens /dashboard. */
export function RegisterRoute() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const googleClientId = useGoogleClientId();
  const { submitting, error, fieldErrors, run } = useAuthCall();
  usePreloadSession();

  return (
    <RegisterScreen
      {...base}
      onSubmit={(values: RegisterValues) =>
        run('register', async () => (await loadSession()).session.register({ ...values, locale }))
      }
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      googleButton={
        googleClientId ? (
          <GoogleButton
            clientId={googleClientId}
            context="signup"
            onCredential={(credential) =>
              void run('googleLogin', async () =>
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
