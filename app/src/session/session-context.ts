import { localizePath, splitLocale } from '@protokoll/contract';
import { useSyncExternalStore } from 'react';
import { navigate } from 'wouter/use-browser-location';
import type { AppSession } from './app-session.ts';
import { signedOut, type SessionState } from './session-state.ts';
import { readStoredSession } from './stored-session.ts';

/*
 * The session as every page sees it. Before the session chunk (zod, schemas, API client) has
 * loaded, the state comes from the stored `auth-token` entry alone, which is enough for the
 * route guards and the first paint; actions wait for `loadSession()`.
 */

function initialState(): SessionState {
  // Prerendering runs without a browser: nobody is signed in there.
  if (typeof localStorage === 'undefined') return signedOut;
  const stored = readStoredSession(localStorage);
  if (!stored) return signedOut;
  return {
    ...signedOut,
    token: stored.token,
    refreshToken: stored.refreshToken,
    isAuthenticated: true,
  };
}

let snapshot: SessionState = initialState();
const listeners = new Set<() => void>();
let loading: Promise<AppSession> | undefined;

function publish(next: SessionState) {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** An ended session (logout, failed refresh, 401) leads to /login. */
function toLogin() {
  const { locale, path } = splitLocale(location.pathname);
  if (path !== '/login') navigate(localizePath('/login', locale));
}

/**
 * The full session; loads its chunk on first use, restores the stored session and checks it with
 * the server.
 */
export function loadSession(): Promise<AppSession> {
  return (loading ??= import('./app-session.ts').then(
    ({ createAppSession, validateRestoredSession }) => {
      const app = createAppSession({ onSignedOut: toLogin });
      app.session.subscribe(() => publish(app.session.getState()));
      publish(app.session.getState());
      void validateRestoredSession(app);
      return app;
    },
  ));
}

/**
 * Forgets the loaded session and starts again from the stored one, as a fresh page load would.
 * Route stories call it before each story (docs/storybook.md#route-stories); the app never does.
 */
export function restartSession(): void {
  loading = undefined;
  publish(initialState());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A prerendered signed-in page (its frame) is rendered as someone signed in whose account is not
 * known yet: no tokens, but the guard lets the page through (docs/architecture.md#signed-in-frames).
 */
const signedInFrame: SessionState = { ...signedOut, isAuthenticated: true };

let prerenderedAs: SessionState = signedOut;

/**
 * Which session the page at hand was prerendered with: `signed-in` for a signed-in page's frame,
 * `signed-out` for the public pages. Set by the build before it renders a page and by the entry
 * before it hydrates one, so that hydration starts from the same state.
 */
export function setPrerenderedSession(access: 'signed-in' | 'signed-out'): void {
  prerenderedAs = access === 'signed-in' ? signedInFrame : signedOut;
}

/**
 * The current session state; re-renders on every change. A prerendered page was rendered without
 * a stored session (signed out, or a signed-in page's frame), so hydration starts from that state
 * and the stored session follows right after (docs/architecture.md#prerendered-pages); a page
 * rendered in the browser starts with it.
 */
export function useSessionState(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => prerenderedAs,
  );
}
