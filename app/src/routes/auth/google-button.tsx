import { lazy, Suspense, useEffect, useState } from 'react';
import type { GoogleButtonProps } from './google-identity-button.tsx';

// Google's button code is its own chunk: only servers with Google sign-in load it.
const GoogleIdentityButton = lazy(() =>
  import('./google-identity-button.tsx').then((module) => ({ default: module.GoogleButton })),
);

/**
 * The server's Google client id, or null when Google sign-in is off (docs/sessions.md#signing-in:
 * no button). Asked with a bare `fetch`, not through the session's API client: that would load
 * the session chunk (zod, schemas, client) with the page (docs/architecture.md#chunks).
 */
export function useGoogleClientId(): string | null {
  const [clientId, setClientId] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    void fetch(`${import.meta.env.VITE_API_BASE ?? ''}/api/auth/config`, {
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<unknown>) : undefined))
      .then((config) => {
        const id = (config as { google_client_id?: unknown } | undefined)?.google_client_id;
        if (active) setClientId(typeof id === 'string' && id !== '' ? id : null);
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
