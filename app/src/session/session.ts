import {
  DELETE_CONFIRMATION,
  describeFailure,
  emptyMinutes,
  endpoints,
  STORED_SESSION_MAX_AGE_MS,
  type FailureContext,
  type FailureText,
  type LoginBody,
  type Minutes,
  type Plan,
  type RegisterBody,
  type UpdateUserBody,
  type User,
} from '@protokoll/contract';
import { ApiError } from '../lib/api-error.ts';
import type { ApiClient } from '../lib/http.ts';
import { clearAuthCookie, writeAuthCookie } from './auth-cookie.ts';
import { clearStoredSession, readStoredSession, writeStoredSession } from './stored-session.ts';

/** SPEC §3 session state (the notes part arrives with the notes issue). */
export interface SessionState {
  user: User | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** The SPEC §8 text of the last failed sign-in, registration or refresh. */
  error: FailureText | null;
  planId: string | null;
  currentPlan: Plan | null;
  planLoading: boolean;
  minutes: Minutes | null;
}

const signedOut: SessionState = {
  user: null,
  token: null,
  refreshToken: null,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  planId: null,
  currentPlan: null,
  planLoading: false,
  minutes: null,
};

export interface SessionDeps {
  client: ApiClient;
  storage: Storage;
  now?: () => number;
  /** Called whenever the session ends for a reason the user did not choose here (SPEC §4: to /login). */
  onSignedOut?: () => void;
  /** Cookie writer; the default writes `document.cookie`. */
  cookie?: { write(token: string): void; clear(): void };
}

export type Session = ReturnType<typeof createSession>;

/**
 * The session (SPEC §3–§5): sign-in, registration, refresh, restore, minutes and plan.
 * Plain TypeScript with its effects injected, so every rule is tested without a browser.
 */
export function createSession({
  client,
  storage,
  now = Date.now,
  onSignedOut = () => {},
  cookie = { write: writeAuthCookie, clear: clearAuthCookie },
}: SessionDeps) {
  let state: SessionState = signedOut;
  /** When the current sign-in happened; refreshes keep it, so sessions end 7 days after sign-in. */
  let expiresAt = 0;
  const listeners = new Set<() => void>();

  const set = (patch: Partial<SessionState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const persist = () => {
    if (!state.token || !state.refreshToken || !state.user) return;
    writeStoredSession(storage, {
      token: state.token,
      refreshToken: state.refreshToken,
      user: state.user,
      savedAt: now(),
      expiresAt,
    });
  };

  const failureText = (context: FailureContext, error: unknown): FailureText =>
    error instanceof ApiError ? describeFailure(context, error.failure) : { code: 'internal' };

  /** SPEC §4: clearing removes the stored token and the authenticated flag. */
  function clear() {
    clearStoredSession(storage);
    cookie.clear();
    expiresAt = 0;
    set(signedOut);
  }

  function signIn(user: User, token: string, refreshToken: string | null) {
    expiresAt = now() + STORED_SESSION_MAX_AGE_MS;
    set({
      user,
      token,
      refreshToken,
      isAuthenticated: true,
      isLoading: false,
      error: null,
      planId: user.planId,
    });
    cookie.write(token);
    persist();
  }

  /** SPEC §7: minutes failure → all-zero minutes with no active plan. */
  async function loadMinutes() {
    try {
      const { minutes } = await client.call(endpoints.getMinutes);
      set({ minutes });
    } catch {
      set({ minutes: emptyMinutes() });
    }
  }

  /** SPEC §7: plan failure → the plan is cleared. */
  async function loadPlan() {
    set({ planLoading: true });
    try {
      const { plan } = await client.call(endpoints.getPlan);
      set({ currentPlan: plan, planId: plan.id, planLoading: false });
    } catch {
      set({ currentPlan: null, planLoading: false });
    }
  }

  const loadAccount = () => Promise.all([loadMinutes(), loadPlan()]).then(() => undefined);

  async function attempt<T>(context: FailureContext, run: () => Promise<T>): Promise<T> {
    set({ isLoading: true, error: null });
    try {
      return await run();
    } catch (error) {
      set({ isLoading: false, error: failureText(context, error) });
      throw error;
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** SPEC §4 start: restore a valid stored session, otherwise clear it. */
    restore(): boolean {
      const stored = readStoredSession(storage, now());
      if (!stored) {
        clear();
        return false;
      }
      expiresAt = stored.expiresAt;
      set({
        user: stored.user,
        token: stored.token,
        refreshToken: stored.refreshToken,
        isAuthenticated: true,
        planId: stored.user.planId,
      });
      cookie.write(stored.token);
      return true;
    },

    async login(body: LoginBody) {
      const answer = await attempt('login', () => client.call(endpoints.login, { body }));
      signIn(answer.user, answer.token, answer.refreshToken);
      await loadAccount();
    },

    async googleLogin(googleCredential: string) {
      const answer = await attempt('googleLogin', () =>
        client.call(endpoints.googleLogin, { body: { googleCredential } }),
      );
      signIn(answer.user, answer.token, answer.refreshToken);
      await loadAccount();
    },

    async register(body: RegisterBody) {
      const answer = await attempt('register', () => client.call(endpoints.register, { body }));
      signIn(answer.user, answer.token, answer.refreshToken ?? null);
      await loadAccount();
    },

    /** SPEC §4: success replaces token, refresh token and user; failure or rejection clears. */
    async refresh(): Promise<boolean> {
      const refreshToken = state.refreshToken;
      if (!refreshToken) {
        clear();
        return false;
      }
      try {
        const answer = await client.call(endpoints.refreshToken, { body: { refreshToken } });
        if (!answer.success) throw new Error('refresh rejected');
        set({ token: answer.token, refreshToken: answer.refreshToken, user: answer.user });
        cookie.write(answer.token);
        persist();
        return true;
      } catch {
        clear();
        return false;
      }
    },

    /** SPEC §4: failure or an unsuccessful answer clears the session. */
    async validate(): Promise<boolean> {
      try {
        const answer = await client.call(endpoints.validateToken);
        if (answer.success) return true;
      } catch {
        // handled below
      }
      clear();
      return false;
    },

    /** SPEC §4: refreshing user data with a 401 clears the session and goes to /login. */
    async refreshUser() {
      try {
        const { user } = await client.call(endpoints.getUser);
        set({ user, planId: user.planId });
        persist();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          clear();
          onSignedOut();
        }
        throw error;
      }
    },

    loadMinutes,
    loadPlan,

    async updateUser(body: UpdateUserBody) {
      await client.call(endpoints.updateUser, { body });
      const { user } = await client.call(endpoints.getUser);
      set({ user });
      persist();
    },

    /** SPEC §4: local state is cleared even if the server call fails; then /login. */
    async logout() {
      try {
        await client.call(endpoints.logout);
      } catch {
        // SPEC §7: logout server errors are ignored.
      }
      clear();
      onSignedOut();
    },

    /** SPEC §4/§5: sends the literal DELETE; on success the user is logged out. */
    async deleteAccount() {
      await client.call(endpoints.deleteUser, { body: { confirmation: DELETE_CONFIRMATION } });
      clear();
      onSignedOut();
    },

    clear,
  };
}
