import {
  AUTH_STORAGE_KEY,
  ErrorCode,
  STORED_SESSION_MAX_AGE_MS,
  type Endpoint,
  type User,
} from '@protokoll/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import type { ApiClient } from '../lib/http.ts';
import { createSession, type SessionDeps } from './session.ts';
import { readStoredSession, type StoredSession } from './stored-session.ts';

const user: User = {
  id: 7,
  email: 'erika@example.com',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: null,
  phoneNumber: null,
  planId: 'free',
};

type Handler = (input: unknown) => unknown;

/** A client that answers by endpoint id; anything not set fails like a 500. */
function fakeClient(handlers: Record<string, Handler>) {
  const calls: { id: string; input: unknown }[] = [];
  const client: ApiClient = {
    async call(endpoint: Endpoint, input?: unknown) {
      calls.push({ id: endpoint.id, input });
      const handler = handlers[endpoint.id];
      if (!handler) throw new ApiError('http', 500, 'internal', 'no handler');
      return (await handler(input)) as never;
    },
  };
  return { client, calls };
}

const http =
  (status: number, message = 'x') =>
  () => {
    throw new ApiError('http', status, 'code', message);
  };

const signedInAnswers = {
  login: () => ({ success: true, user, token: 'access-1', refreshToken: 'refresh-1' }),
};

let clock = 1_000_000;
const now = () => clock;
const cookie = { write: vi.fn(), clear: vi.fn() };

function setup(
  handlers: Record<string, Handler> = signedInAnswers,
  deps: Partial<Pick<SessionDeps, 'onSignedIn' | 'isLeaving'>> = {},
) {
  const { client, calls } = fakeClient(handlers);
  const onSignedOut = vi.fn();
  const onSignedIn = vi.fn(deps.onSignedIn ?? (async () => {}));
  const onUserChanged = vi.fn();
  const onCleared = vi.fn();
  const session = createSession({
    client,
    storage: localStorage,
    now,
    onSignedOut,
    onSignedIn,
    onUserChanged,
    onCleared,
    cookie,
    isLeaving: deps.isLeaving ?? (() => false),
  });
  return { session, calls, onSignedOut, onSignedIn, onUserChanged, onCleared };
}

function store(entry: Partial<StoredSession> | string) {
  localStorage.setItem(AUTH_STORAGE_KEY, typeof entry === 'string' ? entry : JSON.stringify(entry));
}
const validEntry = (): StoredSession => ({
  token: 't',
  refreshToken: 'r',
  user,
  savedAt: clock - 1000,
  expiresAt: clock + 1000,
});

beforeEach(() => {
  localStorage.clear();
  clock = 1_000_000;
  cookie.write.mockReset();
  cookie.clear.mockReset();
});

describe('restore (start, and the rules a stored session must meet)', () => {
  it('restores a valid stored session, its user kept for the next save', () => {
    store(validEntry());
    const { session, onCleared } = setup();
    expect(session.restore()).toBe(true);
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      token: 't',
      refreshToken: 'r',
    });
    expect(cookie.write).toHaveBeenCalledWith({
      token: 't',
      refreshToken: 'r',
      expiresAt: clock + 1000,
    });
    expect(onCleared).not.toHaveBeenCalled();
    clock += 500;
    session.rememberUser({ ...user, firstName: 'Eri' });
    expect(readStoredSession(localStorage, clock)).toMatchObject({
      token: 't',
      user: { ...user, firstName: 'Eri' },
      expiresAt: 1_001_000,
    });
  });

  const rejected: [string, Partial<StoredSession> | string][] = [
    ['expired', { ...validEntry(), expiresAt: 1_000_000 }],
    ['older than 7 days', { ...validEntry(), savedAt: 1_000_000 - STORED_SESSION_MAX_AGE_MS - 1 }],
    ['without token', { ...validEntry(), token: '' }],
    ['without session data', { ...validEntry(), user: undefined }],
    ['without refresh token', { ...validEntry(), refreshToken: undefined }],
    ['unreadable', '{broken'],
  ];
  for (const [name, entry] of rejected) {
    it(`rejects and clears a session that is ${name}`, () => {
      store(entry);
      const { session, onCleared } = setup();
      expect(session.restore()).toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
      expect(onCleared).toHaveBeenCalledOnce();
    });
  }
});

describe('login', () => {
  it('stores the session, then hands the user on and waits for the account data', async () => {
    let accountLoaded!: () => void;
    const { session, calls, onSignedIn } = setup(signedInAnswers, {
      onSignedIn: () =>
        new Promise<void>((resolve) => {
          // Signed in and stored before the account data is asked for.
          expect(session.getState().isAuthenticated).toBe(true);
          expect(readStoredSession(localStorage, clock)?.user).toEqual(user);
          accountLoaded = resolve;
        }),
    });
    let done = false;
    const login = session.login({ email: user.email, password: 'pw' }).then(() => (done = true));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(user));
    expect(done).toBe(false);
    accountLoaded();
    await login;
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      token: 'access-1',
      refreshToken: 'refresh-1',
      error: null,
      fieldErrors: null,
    });
    expect(calls.map((c) => c.id)).toEqual(['login']);
    const stored = readStoredSession(localStorage, clock);
    expect(stored).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      user,
      savedAt: clock,
    });
    expect(stored?.expiresAt).toBe(clock + STORED_SESSION_MAX_AGE_MS);
    expect(cookie.write).toHaveBeenCalledWith({
      token: 'access-1',
      refreshToken: 'refresh-1',
      expiresAt: clock + STORED_SESSION_MAX_AGE_MS,
    });
  });

  it('stays signed in when loading the account data fails', async () => {
    const { session } = setup(signedInAnswers, {
      onSignedIn: async () => {
        throw new ApiError('http', 500, 'internal', 'boom');
      },
    });
    await expect(session.login({ email: user.email, password: 'pw' })).resolves.toBeUndefined();
    expect(session.getState()).toMatchObject({ isAuthenticated: true, error: null });
  });

  const cases: [string, Handler, unknown][] = [
    ['401', http(401), { code: ErrorCode.INVALID_CREDENTIALS }],
    ['429', http(429), { code: ErrorCode.TOO_MANY_ATTEMPTS }],
    ['500', http(503), { code: ErrorCode.SERVER }],
    ['a server message', http(400, 'Konto gesperrt'), { message: 'Konto gesperrt' }],
    [
      'a timeout',
      () => {
        throw new ApiError('timeout', 0, 'timeout', 't');
      },
      { code: ErrorCode.TIMEOUT },
    ],
    [
      'offline',
      () => {
        throw new ApiError('offline', 0, 'offline', 'o');
      },
      { code: ErrorCode.OFFLINE },
    ],
  ];
  for (const [name, handler, text] of cases) {
    it(`shows the error text for ${name} and stays signed out`, async () => {
      const { session, onSignedIn } = setup({ login: handler });
      await expect(session.login({ email: user.email, password: 'x' })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(session.getState()).toMatchObject({
        isAuthenticated: false,
        isLoading: false,
        error: text,
        fieldErrors: null,
      });
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
      expect(onSignedIn).not.toHaveBeenCalled();
    });
  }

  it('uses the Google text for a 401 on Google sign-in', async () => {
    const { session } = setup({ googleLogin: http(401) });
    await expect(session.googleLogin('id-token')).rejects.toThrow();
    expect(session.getState().error).toEqual({ code: ErrorCode.GOOGLE_AUTH_FAILED });
  });
});

describe('register', () => {
  const form = {
    first_name: 'Erika',
    last_name: 'Mustermann',
    email: user.email,
    password: 'lang-genug-1',
    accept_terms: true as const,
  };

  it('signs in and hands the user on for the account data', async () => {
    const { session, calls, onSignedIn } = setup({
      register: () => ({ success: true, user, token: 'a', refreshToken: 'r' }),
    });
    await session.register(form);
    expect(session.getState()).toMatchObject({ isAuthenticated: true, token: 'a' });
    expect(calls.map((c) => c.id)).toEqual(['register']);
    expect(onSignedIn).toHaveBeenCalledWith(user);
  });

  it.each([
    [409, ErrorCode.EMAIL_EXISTS],
    [422, ErrorCode.INVALID_INPUT],
    [500, ErrorCode.SERVER],
    [400, ErrorCode.REGISTRATION_FAILED],
  ])('maps %i to its error text', async (status, code) => {
    const { session } = setup({ register: http(status) });
    await expect(session.register(form)).rejects.toThrow();
    expect(session.getState().error).toEqual({ code });
  });

  it('keeps the field issues of a 422 for the form, and forgets them when the page is left', async () => {
    const issues = [{ path: 'email', message: 'validation.email' }];
    const { session } = setup({
      register: () => {
        throw new ApiError('http', 422, 'validation', 'Invalid input data', issues);
      },
    });
    await expect(session.register(form)).rejects.toThrow();
    expect(session.getState()).toMatchObject({
      error: { code: ErrorCode.INVALID_INPUT },
      fieldErrors: issues,
    });
    session.resetError();
    expect(session.getState()).toMatchObject({ error: null, fieldErrors: null });
  });
});

describe('refresh and validate', () => {
  async function signedIn(handlers: Record<string, Handler>) {
    const ctx = setup({ ...signedInAnswers, ...handlers });
    await ctx.session.login({ email: user.email, password: 'pw' });
    return ctx;
  }

  it('replaces token, refresh token and user, keeping the 7-day end of the sign-in', async () => {
    const renamed = { ...user, firstName: 'Eri' };
    const { session, onUserChanged } = await signedIn({
      refreshToken: () => ({
        success: true,
        token: 'access-2',
        refreshToken: 'refresh-2',
        user: renamed,
      }),
    });
    const endOfSession = readStoredSession(localStorage, clock)!.expiresAt;
    clock += 60_000;
    await expect(session.refresh()).resolves.toBe(true);
    expect(session.getState()).toMatchObject({ token: 'access-2', refreshToken: 'refresh-2' });
    expect(onUserChanged).toHaveBeenCalledWith(renamed);
    expect(readStoredSession(localStorage, clock)).toMatchObject({
      token: 'access-2',
      user: renamed,
      expiresAt: endOfSession,
    });
    expect(cookie.write).toHaveBeenLastCalledWith({
      token: 'access-2',
      refreshToken: 'refresh-2',
      expiresAt: endOfSession,
    });
  });

  it('clears the session when refresh fails or is rejected', async () => {
    for (const handler of [
      http(401),
      () => ({ success: false, token: 'a', refreshToken: 'b', user }),
    ]) {
      const { session, onCleared } = await signedIn({ refreshToken: handler });
      await expect(session.refresh()).resolves.toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
      expect(onCleared).toHaveBeenCalledOnce();
    }
  });

  it('clears the session when validation fails or answers unsuccessfully', async () => {
    for (const handler of [http(500), () => ({ success: false })]) {
      const { session } = await signedIn({ validateToken: handler });
      await expect(session.validate()).resolves.toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
    }
  });

  it('keeps the session when the page is left during the check or the refresh', async () => {
    // The browser cancels a left page's requests; they fail like a lost network.
    const cancelled = () => {
      throw new ApiError('offline', 0, 'offline', 'Failed to fetch');
    };
    let leaving = false;
    const ctx = setup(
      { ...signedInAnswers, validateToken: cancelled, refreshToken: cancelled },
      { isLeaving: () => leaving },
    );
    await ctx.session.login({ email: user.email, password: 'pw' });
    leaving = true;
    await expect(ctx.session.validate()).resolves.toBe(false);
    await expect(ctx.session.refresh()).resolves.toBe(false);
    expect(ctx.session.getState()).toMatchObject({ isAuthenticated: true, token: 'access-1' });
    expect(readStoredSession(localStorage, clock)?.token).toBe('access-1');
    expect(ctx.onCleared).not.toHaveBeenCalled();
    // The same failure on a page that stays ends the session.
    leaving = false;
    await expect(ctx.session.validate()).resolves.toBe(false);
    expect(ctx.session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('keeps the stored user current while signed in, and stores nothing once signed out', async () => {
    const { session } = await signedIn({});
    const renamed = { ...user, lastName: 'Musterfrau' };
    session.rememberUser(renamed);
    expect(readStoredSession(localStorage, clock)?.user).toEqual(renamed);
    session.clear();
    session.rememberUser(user);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});

describe('logout and ending', () => {
  it('clears local state even when the server logout fails, then signs out', async () => {
    const { session, onSignedOut, onCleared } = setup({ ...signedInAnswers, logout: http(500) });
    await session.login({ email: user.email, password: 'pw' });
    await session.logout();
    expect(session.getState().isAuthenticated).toBe(false);
    expect(session.getState().token).toBeNull();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(cookie.clear).toHaveBeenCalled();
    expect(onCleared).toHaveBeenCalledOnce();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('end() clears the session and signs out without asking the server', async () => {
    const { session, calls, onSignedOut, onCleared } = setup();
    await session.login({ email: user.email, password: 'pw' });
    session.end();
    expect(calls.map((c) => c.id)).toEqual(['login']);
    expect(session.getState()).toMatchObject({ isAuthenticated: false, refreshToken: null });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(onCleared).toHaveBeenCalledOnce();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('a new sign-in after a failed one starts without the old failure', async () => {
    let attempt = 0;
    const { session } = setup({
      login: () => {
        attempt++;
        if (attempt === 1) throw new ApiError('http', 401, 'invalidCredentials', 'x');
        return signedInAnswers.login();
      },
    });
    await expect(session.login({ email: user.email, password: 'x' })).rejects.toThrow();
    expect(session.getState().error).toEqual({ code: ErrorCode.INVALID_CREDENTIALS });
    await session.login({ email: user.email, password: 'pw' });
    expect(session.getState()).toMatchObject({ isAuthenticated: true, error: null });
  });
});
