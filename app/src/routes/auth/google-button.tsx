import { lazy, Suspense, useEffect, useState } from 'react';
import { loadSession } from '../../session/session-context.ts';
import type { GoogleButtonProps } from './google-identity-button.tsx';

// Google's button code is its own chunk: only servers with Google sign-in load it.
const GoogleIdentityButton = lazy(() =>
  import('./google-identity-button.tsx').then((module) => ({ default: module.GoogleButton })),
);

/**
 * The server's Google client id, or null when Google sign-in is off (docs/sessions.md#signing-in:
 * no button).
 */
export function useGoogleClientId(): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void loadSession()
      .then(({ client, endpoints }) => client.call(endpoints.getAuthConfig))
      .then((config) => {
        if (active) setClientId(config.google_client_id ?? null);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);
  return clientId;
}

/** Google's sign-in button; its chunk and Google's script load only when it is shown. */
export function GoogleButton(props: GoogleButtonProps) {
  return (
    <Suspense fallback={<div className="min-h-10" />}>
      <GoogleIdentityButton {...props} />
    </Suspense>
  );
}
