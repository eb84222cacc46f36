import { useEffect, useRef } from 'react';
import { useLocale } from '../../lib/use-locale.ts';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (answer: { credential: string }) => void;
        ux_mode?: 'popup';
      }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

const GIS_SCRIPT = 'https://accounts.google.com/gsi/client';
let script: Promise<GoogleIdentity> | undefined;

/** Google Identity Services, loaded once and only where the server has Google sign-in on. */
function loadGoogleIdentity(): Promise<GoogleIdentity> {
  return (script ??= new Promise((resolve, reject) => {
    const element = document.createElement('script');
    element.src = GIS_SCRIPT;
    element.async = true;
    element.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google Identity Services did not load'));
    };
    element.onerror = () => {
      script = undefined;
      reject(new Error('Google Identity Services did not load'));
    };
    document.head.append(element);
  }));
}

export interface GoogleButtonProps {
  clientId: string;
  /** `signin` on /login, `signup` on /register: the button's wording. */
  context: 'signin' | 'signup';
  onCredential: (credential: string) => void;
}

/** Google's own button (their markup and wording rules), in the page's language. */
export function GoogleButton({ clientId, context, onCredential }: GoogleButtonProps) {
  const { locale } = useLocale();
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    let active = true;
    void loadGoogleIdentity()
      .then((google) => {
        if (!active || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          ux_mode: 'popup',
          callback: ({ credential }) => callback.current(credential),
        });
        google.accounts.id.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: context === 'signin' ? 'signin_with' : 'signup_with',
          width: 320,
          locale,
        });
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [clientId, context, locale]);

  return <div ref={container} className="flex min-h-10 justify-center" data-slot="google-button" />;
}
