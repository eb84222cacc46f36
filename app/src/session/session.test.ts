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
import { createSession } from './session.ts';
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
const minutes = {
  total: 30,
  used: 12,
  remaining: 18,
  running: 0,
  unlimited: false,
  has_active_plan: true,
};
const plan = { id: 'free', name: 'Free', type: 'free', features: [] };

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
  getMinutes: () => ({ success: true, minutes }),
  getPlan: () => ({ success: true, plan }),
};

let clock = 1_000_000;
const now = () => clock;
const cookie = { write: vi.fn(), clear: vi.fn() };

function setup(handlers: Record<string, Handler> = signedInAnswers) {
  const { client, calls } = fakeClient(handlers);
  const onSignedOut = vi.fn();
  const session = createSession({ client, storage: localStorage, now, onSignedOut, cookie });
  return { session, calls, onSignedOut };
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

describe('restore (SPEC §4 start, §5 rejection rules)', () => {
  it('restores a valid stored session', () => {
    store(validEntry());
    const { session } = setup();
    expect(session.restore()).toBe(true);
    expect(session.getState()).toMatchObject({ isAuthenticated: true, token: 't', user });
    expect(cookie.write).toHaveBeenCalledWith('t');
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
      const { session } = setup();
      expect(session.restore()).toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    });
  }
});

describe('login', () => {
  it('stores the session, then loads minutes and plan', async () => {
    const { session, calls } = setup();
    await session.login({ email: user.email, password: 'pw' });
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      token: 'access-1',
      refreshToken: 'refresh-1',
      minutes,
      currentPlan: plan,
      planId: 'free',
      error: null,
    });
    expect(calls.map((c) => c.id)).toEqual(['login', 'getMinutes', 'getPlan']);
    const stored = readStoredSession(localStorage, clock);
    expect(stored).toMatchObject({
      token: 'access-1',
      refreshToken: 'refresh-1',
      user,
      savedAt: clock,
    });
    expect(stored?.expiresAt).toBe(clock + STORED_SESSION_MAX_AGE_MS);
    expect(cookie.write).toHaveBeenCalledWith('access-1');
  });

  it('falls back to all-zero minutes without an active plan, and clears the plan, when those fail', async () => {
    const { session } = setup({ login: signedInAnswers.login });
    await session.login({ email: user.email, password: 'pw' });
    expect(session.getState().minutes).toEqual({
      total: 0,
      used: 0,
      remaining: 0,
      running: 0,
      unlimited: false,
      has_active_plan: false,
    });
    expect(session.getState().currentPlan).toBeNull();
    expect(session.getState().isAuthenticated).toBe(true);
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
    it(`shows the SPEC §8 text for ${name} and stays signed out`, async () => {
      const { session } = setup({ login: handler });
      await expect(session.login({ email: user.email, password: 'x' })).rejects.toBeInstanceOf(
        ApiError,
      );
      expect(session.getState()).toMatchObject({
        isAuthenticated: false,
        isLoading: false,
        error: text,
      });
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
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

  it('signs in and loads minutes and plan', async () => {
    const { session, calls } = setup({
      ...signedInAnswers,
      register: () => ({ success: true, user, token: 'a', refreshToken: 'r' }),
    });
    await session.register(form);
    expect(session.getState()).toMatchObject({
      isAuthenticated: true,
      token: 'a',
      minutes,
      currentPlan: plan,
    });
    expect(calls.map((c) => c.id)).toEqual(['register', 'getMinutes', 'getPlan']);
  });

  it.each([
    [409, ErrorCode.EMAIL_EXISTS],
    [422, ErrorCode.INVALID_INPUT],
    [500, ErrorCode.SERVER],
    [400, ErrorCode.REGISTRATION_FAILED],
  ])('maps %i to its SPEC §8 text', async (status, code) => {
    const { session } = setup({ register: http(status) });
    await expect(session.register(form)).rejects.toThrow();
    expect(session.getState().error).toEqual({ code });
  });
});

describe('refresh, validate, user data', () => {
  async function signedIn(handlers: Record<string, Handler>) {
    const ctx = setup({ ...signedInAnswers, ...handlers });
    await ctx.session.login({ email: user.email, password: 'pw' });
    return ctx;
  }

  it('replaces token, refresh token and user, keeping the 7-day end of the sign-in', async () => {
    const renamed = { ...user, firstName: 'Eri' };
    const { session } = await signedIn({
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
    expect(session.getState()).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      user: renamed,
    });
    expect(readStoredSession(localStorage, clock)).toMatchObject({
      token: 'access-2',
      expiresAt: endOfSession,
    });
  });

  it('clears the session when refresh fails or is rejected', async () => {
    for (const handler of [
      http(401),
      () => ({ success: false, token: 'a', refreshToken: 'b', user }),
    ]) {
      const { session } = await signedIn({ refreshToken: handler });
      await expect(session.refresh()).resolves.toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
      expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    }
  });

  it('clears the session when validation fails or answers unsuccessfully', async () => {
    for (const handler of [http(500), () => ({ success: false })]) {
      const { session } = await signedIn({ validateToken: handler });
      await expect(session.validate()).resolves.toBe(false);
      expect(session.getState().isAuthenticated).toBe(false);
    }
  });

  it('a 401 while refreshing user data clears the session and signs out; other failures keep it', async () => {
    const failing = await signedIn({ getUser: http(500) });
    await expect(failing.session.refreshUser()).rejects.toThrow();
    expect(failing.session.getState().isAuthenticated).toBe(true);
    expect(failing.onSignedOut).not.toHaveBeenCalled();

    const expired = await signedIn({ getUser: http(401) });
    await expect(expired.session.refreshUser()).rejects.toThrow();
    expect(expired.session.getState().isAuthenticated).toBe(false);
    expect(expired.onSignedOut).toHaveBeenCalledOnce();
  });
});

describe('logout and deletion', () => {
  it('clears local state even when the server logout fails, then signs out', async () => {
    const { session, onSignedOut } = setup({ ...signedInAnswers, logout: http(500) });
    await session.login({ email: user.email, password: 'pw' });
    await session.logout();
    expect(session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(cookie.clear).toHaveBeenCalled();
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('deletes the account with the literal DELETE and then logs out', async () => {
    const { session, calls, onSignedOut } = setup({
      ...signedInAnswers,
      deleteUser: () => ({ success: true }),
    });
    await session.login({ email: user.email, password: 'pw' });
    await session.deleteAccount();
    expect(calls.find((c) => c.id === 'deleteUser')?.input).toEqual({
      body: { confirmation: 'DELETE' },
    });
    expect(session.getState().isAuthenticated).toBe(false);
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('keeps the session when deletion fails', async () => {
    const { session } = setup({ ...signedInAnswers, deleteUser: http(500) });
    await session.login({ email: user.email, password: 'pw' });
    await expect(session.deleteAccount()).rejects.toThrow();
    expect(session.getState().isAuthenticated).toBe(true);
  });
});
