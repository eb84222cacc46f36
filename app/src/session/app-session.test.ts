import { AUTH_STORAGE_KEY, STORED_SESSION_MAX_AGE_MS, type User } from '@protokoll/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keys } from '../lib/query-keys.ts';
import { sessionMinutes } from '../api/user/minutes.ts';
import { sessionPlan } from '../api/user/plan.ts';
import { fetchUser } from '../api/user/user.ts';
import { createAppSession, validateRestoredSession, type AppSession } from './app-session.ts';

/** The app under test, handed to the fetchers that ask `loadSession()` for the client. */
const current = vi.hoisted(() => ({ app: undefined as AppSession | undefined }));
vi.mock('./session-context.ts', () => ({
  loadSession: async () => current.app!,
  useSessionState: () => current.app!.session.getState(),
}));

const user: User = {
  id: 3,
  email: 'jana@example.de',
  firstName: 'Jana',
  lastName: 'Schäfer',
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

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () =>
  json(401, { success: false, message: 'Not authenticated', code: 'notAuthenticated' });
const serverError = () => json(500, { success: false, message: 'boom', code: 'internal' });

type Route = (auth: string | null) => Response | Promise<Response>;

/**
 * A server stand-in: /api/user accepts only `access-2`; refresh hands out `access-2` (with a
 * renamed user); other paths answer as `routes` say.
 */
function fakeServer({
  refreshWorks = true,
  routes = {},
}: { refreshWorks?: boolean; routes?: Record<string, Route> } = {}) {
  const seen: { path: string; auth: string | null }[] = [];
  let refreshes = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app').pathname;
    const auth = new Headers(init.headers).get('Authorization');
    seen.push({ path, auth });
    const route = routes[path];
    if (route) return route(auth);
    if (path === '/api/auth/refresh') {
      refreshes++;
      // Give the concurrent callers time to pile up behind one refresh.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshWorks
        ? json(200, {
            success: true,
            token: 'access-2',
            refreshToken: 'refresh-2',
            user: { ...user, firstName: 'Jana-Marie' },
          })
        : unauthorized();
    }
    if (path === '/api/user') {
      return auth === 'Bearer access-2' ? json(200, { success: true, user }) : unauthorized();
    }
    return json(404, { success: false, message: 'Not found', code: 'notFound' });
  });
  return { fetch, seen, refreshes: () => refreshes };
}

function start(server: ReturnType<typeof fakeServer>) {
  vi.stubGlobal('fetch', server.fetch);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onSignedOut = vi.fn();
  const app = createAppSession({ onSignedOut, queryClient });
  current.app = app;
  return { ...app, app, queryClient, onSignedOut };
}

function storeSession() {
  localStorage.setItem(
    AUTH_STORAGE_KEY,
    JSON.stringify({
      token: 'access-1',
      refreshToken: 'refresh-1',
      user,
      savedAt: Date.now(),
      expiresAt: Date.now() + STORED_SESSION_MAX_AGE_MS,
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  current.app = undefined;
});

describe('createAppSession: the client and its one refresh', () => {
  beforeEach(storeSession);

  it('restores the stored session and, on a 401, refreshes once and repeats the call', async () => {
    const server = fakeServer();
    const { session, client, endpoints } = start(server);
    expect(session.getState().isAuthenticated).toBe(true);
    const answer = await client.call(endpoints.getUser);
    expect(answer.user.email).toBe('jana@example.de');
    expect(server.seen.map((call) => `${call.path} ${call.auth}`)).toEqual([
      '/api/user Bearer access-1',
      '/api/auth/refresh null',
      '/api/user Bearer access-2',
    ]);
    expect(session.getState().token).toBe('access-2');
  });

  it('shares one refresh between calls that expire together (refresh tokens are single-use)', async () => {
    const server = fakeServer();
    const { client, endpoints } = start(server);
    await Promise.all([
      client.call(endpoints.getUser),
      client.call(endpoints.getUser),
      client.call(endpoints.getUser),
    ]);
    expect(server.refreshes()).toBe(1);
  });

  it('ends the session when the refresh fails, and says so', async () => {
    const { session, client, endpoints, onSignedOut } = start(fakeServer({ refreshWorks: false }));
    await expect(client.call(endpoints.getUser)).rejects.toMatchObject({ status: 401 });
    expect(onSignedOut).toHaveBeenCalled();
    expect(session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('does not refresh for calls without authentication (a wrong password stays a 401)', async () => {
    const fetch = vi.fn(async () =>
      json(401, {
        success: false,
        message: 'Invalid email or password',
        code: 'invalidCredentials',
      }),
    );
    vi.stubGlobal('fetch', fetch);
    const app = createAppSession({ onSignedOut: vi.fn(), queryClient: new QueryClient() });
    await expect(
      app.client.call(app.endpoints.login, {
        body: { email: 'jana@example.de', password: 'falsch-123' },
      }),
    ).rejects.toMatchObject({ status: 401, code: 'invalidCredentials' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('createAppSession: the session and the query cache', () => {
  const signIn = () =>
    json(200, { success: true, user, token: 'access-2', refreshToken: 'refresh-2' });

  it('a sign-in seeds the user query with the answer’s user, then loads minutes and plan', async () => {
    const server = fakeServer({
      routes: {
        '/api/auth/login': signIn,
        '/api/user/minutes': () => json(200, { success: true, minutes }),
        '/api/user/plan': () => json(200, { success: true, plan }),
      },
    });
    const { session, queryClient } = start(server);
    await session.login({ email: user.email, password: 'pw' });
    expect(server.seen.map((call) => call.path)).toEqual([
      '/api/auth/login',
      '/api/user/minutes',
      '/api/user/plan',
    ]);
    expect(queryClient.getQueryData(keys.user())).toEqual(user);
    expect(queryClient.getQueryData(keys.minutes())).toEqual(minutes);
    expect(queryClient.getQueryData(keys.plan())).toEqual(plan);
  });

  it('minutes and plan that fail to load stay failed (the screens say so); the session reads all-zero minutes with no active plan and no plan', async () => {
    const server = fakeServer({
      routes: {
        '/api/auth/google': signIn,
        '/api/user/minutes': serverError,
        '/api/user/plan': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    const { session, queryClient } = start(server);
    await session.googleLogin('id-token');
    // No zeros and no "no plan" in the cache: the loads failed, and the widgets say so.
    expect(queryClient.getQueryState(keys.minutes())).toMatchObject({
      status: 'error',
      data: undefined,
    });
    expect(queryClient.getQueryState(keys.plan())).toMatchObject({
      status: 'error',
      data: undefined,
    });
    expect(sessionMinutes(queryClient.getQueryState(keys.minutes()))).toEqual({
      total: 0,
      used: 0,
      remaining: 0,
      running: 0,
      unlimited: false,
      has_active_plan: false,
    });
    expect(sessionPlan(queryClient.getQueryState(keys.plan()))).toBeNull();
    expect(session.getState().isAuthenticated).toBe(true);
  });

  it('a refresh’s user replaces the cached one', async () => {
    storeSession();
    const { client, endpoints, queryClient } = start(fakeServer());
    queryClient.setQueryData(keys.user(), user);
    await client.call(endpoints.getUser);
    expect(queryClient.getQueryData(keys.user())).toMatchObject({ firstName: 'Jana-Marie' });
  });

  it('a sign-out clears the whole cache: nothing of the previous person survives', async () => {
    storeSession();
    const server = fakeServer({ routes: { '/api/auth/logout': serverError } });
    const { session, queryClient } = start(server);
    queryClient.setQueryData(keys.user(), user);
    queryClient.setQueryData(keys.minutes(), minutes);
    queryClient.setQueryData(keys.notes.list({ page: 1 }), []);
    queryClient.setQueryData(keys.folders.list(), [{ id: 1, name: 'Kunden' }]);
    await session.logout();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(queryClient.getQueryData(keys.user())).toBeUndefined();
  });

  it('a 401 on the user data that the refresh cannot cure ends the session and signs out', async () => {
    storeSession();
    const server = fakeServer({ routes: { '/api/user': unauthorized } });
    const { session, queryClient, onSignedOut } = start(server);
    queryClient.setQueryData(keys.minutes(), minutes);
    await expect(fetchUser()).rejects.toMatchObject({ status: 401 });
    expect(server.refreshes()).toBe(1);
    expect(session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(onSignedOut).toHaveBeenCalledOnce();
  });

  it('other failures of the user data keep the session', async () => {
    storeSession();
    const server = fakeServer({ routes: { '/api/user': serverError } });
    const { session, onSignedOut } = start(server);
    await expect(fetchUser()).rejects.toMatchObject({ status: 500 });
    expect(session.getState().isAuthenticated).toBe(true);
    expect(onSignedOut).not.toHaveBeenCalled();
  });
});

describe('validateRestoredSession: the check at start', () => {
  beforeEach(storeSession);

  it('asks GET /api/auth/validate with the stored token and keeps a valid session', async () => {
    const server = fakeServer({
      routes: { '/api/auth/validate': () => json(200, { success: true }) },
    });
    const { app, session } = start(server);
    await expect(validateRestoredSession(app)).resolves.toBe(true);
    expect(server.seen).toEqual([{ path: '/api/auth/validate', auth: 'Bearer access-1' }]);
    expect(session.getState().isAuthenticated).toBe(true);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it('refreshes an expired token on the way and keeps the session', async () => {
    const server = fakeServer({
      routes: {
        '/api/auth/validate': (auth) =>
          auth === 'Bearer access-2' ? json(200, { success: true }) : unauthorized(),
      },
    });
    const { app, session } = start(server);
    await expect(validateRestoredSession(app)).resolves.toBe(true);
    expect(session.getState().token).toBe('access-2');
  });

  it.each([
    ['rejected', () => json(200, { success: false })],
    ['unauthorised and not refreshable', unauthorized],
    ['failing', serverError],
    [
      'unreachable',
      () => {
        throw new TypeError('Failed to fetch');
      },
    ],
  ])('clears a session whose check is %s', async (_, answer) => {
    const server = fakeServer({ refreshWorks: false, routes: { '/api/auth/validate': answer } });
    const { app, session } = start(server);
    await expect(validateRestoredSession(app)).resolves.toBe(false);
    expect(session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  // Leaving the page cancels its requests: they fail like a lost network (docs/sessions.md#leaving-the-page).
  const cancelled = () => {
    window.dispatchEvent(new Event('pagehide'));
    throw new TypeError('Failed to fetch');
  };
  it.each<[string, Record<string, Route>]>([
    ['the check', { '/api/auth/validate': cancelled }],
    [
      'the refresh of an expired token',
      { '/api/auth/validate': unauthorized, '/api/auth/refresh': cancelled },
    ],
  ])(
    'keeps the session, and sends nobody to sign in, when the page is left during %s',
    async (_, routes) => {
      try {
        const { app, session, onSignedOut } = start(fakeServer({ routes }));
        await expect(validateRestoredSession(app)).resolves.toBe(false);
        expect(session.getState()).toMatchObject({ isAuthenticated: true, token: 'access-1' });
        expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
        expect(onSignedOut).not.toHaveBeenCalled();
      } finally {
        // Shown again from the back-forward cache, the page is no longer being left.
        window.dispatchEvent(new Event('pageshow'));
      }
    },
  );

  it('asks nothing without a stored session', async () => {
    localStorage.clear();
    const server = fakeServer();
    const { app } = start(server);
    await expect(validateRestoredSession(app)).resolves.toBe(false);
    expect(server.seen).toEqual([]);
  });

  it('gives the server 5 seconds', async () => {
    const { endpoints } = await import('@protokoll/contract');
    expect(endpoints.validateToken.timeoutMs).toBe(5_000);
  });
});
