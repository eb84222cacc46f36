import {
  endpoints,
  STORED_SESSION_MAX_AGE_MS,
  type FailureContext,
  type LoginBody,
  type RegisterBody,
  type User,
} from '@protokoll/contract';
import type { ApiClient } from '../lib/http.ts';
import { toFailureText, toFieldIssues } from '../lib/failure.ts';
import { isPageLeaving } from '../lib/page-leaving.ts';
import { clearAuthCookies, writeAuthCookies, type CookieSession } from './auth-cookie.ts';
import { signedOut, type SessionState } from './session-state.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from './stored-session.ts';

export type { SessionState } from './session-state.ts';

export interface SessionDeps {
  client: ApiClient;
  storage: Storage;
  now?: () => number;
  /** The session ended for a reason the user did not choose here, or by logout: on to /login. */
  onSignedOut?: () => void;
  /**
   * A sign-in or registration succeeded with this user. The returned promise holds the sign-in
   * call open until the account's data has loaded.
   */
  onSignedIn?: (user: User) => Promise<void> | void;
  /** The server answered a token refresh with (possibly newer) user data. */
  onUserChanged?: (user: User) => void;
  /** The session was cleared: nothing loaded for it may outlive it. */
  onCleared?: () => void;
  /** Cookie writer (auth and refresh cookie); the default writes `document.cookie`. */
  cookie?: { write(session: CookieSession): void; clear(): void };
  /** Whether the page is being left; the default follows `pagehide` (`lib/page-leaving.ts`). */
  isLeaving?: () => boolean;
}

export type Session = ReturnType<typeof createSession>;

/**
 * The session (docs/sessions.md): sign-in, registration, refresh, restore, logout. Plain
 * TypeScript with its effects injected, so every rule is tested without a browser.
 */
export function createSession({
  client,
  storage,
  now = Date.now,
  onSignedOut = () => {},
  onSignedIn = () => {},
  onUserChanged = () => {},
  onCleared = () => {},
  cookie = {
    write: (session) => writeAuthCookies(session, document, now()),
    clear: clearAuthCookies,
  },
  isLeaving = isPageLeaving,
}: SessionDeps) {
  let state: SessionState = signedOut;
  /** The stored entry keeps the user for the next start's first paint; the cache owns it now. */
  let user: User | null = null;
  /** When the session ends: 7 days after the sign-in, kept across refreshes. */
  let expiresAt = 0;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  /** The cookies follow the session's tokens and end (docs/sessions.md#auth-cookie). */
  const writeCookies = () => {
    if (state.token)
      cookie.write({ token: state.token, refreshToken: state.refreshToken, expiresAt });
  };

  const persist = () => {
    if (!state.token || !state.refreshToken || !user) return;
    writeStoredSession(storage, {
      token: state.token,
      refreshToken: state.refreshToken,
      user,
      savedAt: now(),
      expiresAt,
    });
  };

  /** Clearing removes the stored token, the cookie, the signed-in flag and the account's data. */
  function clear() {
    clearStoredSession(storage);
    cookie.clear();
    expiresAt = 0;
    user = null;
    set(signedOut);
    onCleared();
  }

  /** Clears the session and leads to /login. */
  function end() {
    clear();
    onSignedOut();
  }

  async function signIn(
    context: FailureContext,
    call: () => Promise<{ user: User; token: string; refreshToken?: string | null | undefined }>,
  ): Promise<void> {
    set({ isLoading: true, error: null, fieldErrors: null });
    let answer: Awaited<ReturnType<typeof call>>;
    try {
      answer = await call();
    } catch (error) {
      set({
        isLoading: false,
        error: toFailureText(error, context),
        fieldErrors: toFieldIssues(error) ?? null,
      });
      throw error;
    }
    user = answer.user;
    expiresAt = now() + STORED_SESSION_MAX_AGE_MS;
    set({
      token: answer.token,
      refreshToken: answer.refreshToken ?? null,
      isAuthenticated: true,
      isLoading: false,
      error: null,
      fieldErrors: null,
    });
    writeCookies();
    persist();
    // The sign-in stands even if the account's data cannot be loaded now.
    await Promise.resolve()
      .then(() => onSignedIn(answer.user))
      .catch(() => undefined);
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    /** At start: restore a valid stored session, otherwise clear it. */
    restore(): boolean {
      const stored = readStoredSession(storage, now());
      if (!stored) {
        clear();
        return false;
      }
      user = stored.user;
      expiresAt = stored.expiresAt;
      set({ token: stored.token, refreshToken: stored.refreshToken, isAuthenticated: true });
      writeCookies();
      return true;
    },

    login(body: LoginBody): Promise<void> {
      return signIn('login', () => client.call(endpoints.login, { body }));
    },

    googleLogin(googleCredential: string): Promise<void> {
      return signIn('googleLogin', () =>
        client.call(endpoints.googleLogin, { body: { googleCredential } }),
      );
    },

    register(body: RegisterBody): Promise<void> {
      return signIn('register', () => client.call(endpoints.register, { body }));
    },

    /**
     * Success replaces token, refresh token and user; failure or rejection clears, except while
     * the page is being left (docs/sessions.md#leaving-the-page).
     */
    async refresh(): Promise<boolean> {
      const refreshToken = state.refreshToken;
      if (!refreshToken) {
        clear();
        return false;
      }
      try {
        const answer = await client.call(endpoints.refreshToken, { body: { refreshToken } });
        if (!answer.success) throw new Error('refresh rejected');
        user = answer.user;
        set({ token: answer.token, refreshToken: answer.refreshToken });
        writeCookies();
        persist();
        onUserChanged(answer.user);
        return true;
      } catch {
        if (!isLeaving()) clear();
        return false;
      }
    },

    /**
     * Failure or an unsuccessful answer clears the session, except while the page is being left:
     * the browser cancelled the check (docs/sessions.md#leaving-the-page).
     */
    async validate(): Promise<boolean> {
      try {
        const answer = await client.call(endpoints.validateToken);
        if (answer.success) return true;
      } catch {
        // handled below
      }
      if (!isLeaving()) clear();
      return false;
    },

    /** Keeps the stored entry's user current, so the next start paints the right name. */
    rememberUser(next: User): void {
      if (!state.isAuthenticated) return;
      user = next;
      persist();
    },

    /** Forgets the failure of a sign-in form that was left. */
    resetError(): void {
      if (state.error || state.fieldErrors) set({ error: null, fieldErrors: null });
    },

    /** Local state is cleared even if the server call fails; then /login. */
    async logout(): Promise<void> {
      try {
        await client.call(endpoints.logout);
      } catch {
        // The server's answer to a logout changes nothing here.
      }
      end();
    },

    clear,
    end,
  };
}
