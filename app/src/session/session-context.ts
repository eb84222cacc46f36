import { ErrorCode, localizePath, splitLocale } from '@protokoll/contract';
import { useSyncExternalStore } from 'react';
import { usePageRender } from '../lib/page-render.ts';
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
 * the server. A chunk that failed to load (offline) is not kept: the next use loads it again
 * (docs/architecture.md#new-builds).
 */
export function loadSession(): Promise<AppSession> {
  const rendering = renderSession?.();
  if (rendering) return Promise.resolve(rendering);
  if (loading) return loading;
  const attempt = import('./app-session.ts').then(
    ({ createAppSession, validateRestoredSession }) => {
      const app = createAppSession({ onSignedOut: toLogin });
      app.session.subscribe(() => publish(app.session.getState()));
      publish(app.session.getState());
      void validateRestoredSession(app);
      return app;
    },
  );
  loading = attempt;
  attempt.catch(() => {
    if (loading === attempt) loading = undefined;
  });
  return attempt;
}

/**
 * A sign-in form's submit could not load the session's chunk: the form says why instead of
 * doing nothing, offline with the offline text (docs/sessions.md#signing-in). The next submit
 * tries again.
 */
export function reportSessionLoadFailure(online = navigator.onLine): void {
  publish({
    ...snapshot,
    isLoading: false,
    error: { code: online ? ErrorCode.SERVER : ErrorCode.OFFLINE },
    fieldErrors: null,
  });
}

/** Forgets that failure when its page is left, as the session forgets its own. */
export function forgetSessionLoadFailure(): void {
  if (snapshot.error) publish({ ...snapshot, error: null, fieldErrors: null });
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

/**
 * Whether the account's own data (its name in the shell) may be shown: always, except while a
 * frame hydrates (the build knew no account). Hydration sees the same value as the browser
 * everywhere else, so those pages are not rendered again right after hydrating (React compares
 * the two; docs/architecture.md#prerendered-pages); a signed-out page shows no account either way.
 */
export function useAccountShown(): boolean {
  const { access } = usePageRender();
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => access !== 'signed-in',
  );
}

const unchanging = () => () => undefined;

let renderSession: (() => AppSession | undefined) | undefined;

/**
 * Where a page rendered on the server finds the session its queries use: the request's account,
 * read only (docs/architecture.md#pages-rendered-with-data). The server's render module answers
 * the session of the render at hand (each render runs in its own async context); the browser
 * never sets one.
 */
export function findRenderSessionWith(find: () => AppSession | undefined): void {
  renderSession = find;
}

/**
 * The current session state; re-renders on every change. A prerendered page was rendered without
 * a stored session (signed out, or a signed-in page's frame), so hydration starts from that state
 * and the stored session follows right after (docs/architecture.md#prerendered-pages); a page
 * rendered in the browser starts with it.
 */
export function useSessionState(): SessionState {
  const { access } = usePageRender();
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => (access === 'signed-out' ? signedOut : signedInFrame),
  );
}
