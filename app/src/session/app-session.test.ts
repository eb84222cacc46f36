import { AUTH_STORAGE_KEY, STORED_SESSION_MAX_AGE_MS, type User } from '@protokoll/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppSession } from './app-session.ts';

const user: User = {
  id: 3,
  email: 'jana@example.de',
  firstName: 'Jana',
  lastName: 'Schäfer',
  company: null,
  phoneNumber: null,
  planId: 'free',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const unauthorized = () =>
  json(401, { success: false, message: 'Not authenticated', code: 'notAuthenticated' });

/** A server stand-in: /api/user accepts only `access-2`; refresh hands out `access-2`. */
function fakeServer({ refreshWorks = true } = {}) {
  const seen: { path: string; auth: string | null }[] = [];
  let refreshes = 0;
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://app').pathname;
    const auth = new Headers(init.headers).get('Authorization');
    seen.push({ path, auth });
    if (path === '/api/auth/refresh') {
      refreshes++;
      // Give the concurrent callers time to pile up behind one refresh.
      await new Promise((resolve) => setTimeout(resolve, 10));
      return refreshWorks
        ? json(200, { success: true, token: 'access-2', refreshToken: 'refresh-2', user })
        : unauthorized();
    }
    if (path === '/api/user') {
      return auth === 'Bearer access-2' ? json(200, { success: true, user }) : unauthorized();
    }
    return json(404, { success: false, message: 'Not found', code: 'notFound' });
  });
  return { fetch, seen, refreshes: () => refreshes };
}

beforeEach(() => {
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
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('createAppSession', () => {
  it('restores the stored session and, on a 401, refreshes once and repeats the call', async () => {
    const server = fakeServer();
    vi.stubGlobal('fetch', server.fetch);
    const { session, client, endpoints } = createAppSession({ onSignedOut: vi.fn() });
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
    vi.stubGlobal('fetch', server.fetch);
    const { client, endpoints } = createAppSession({ onSignedOut: vi.fn() });
    await Promise.all([
      client.call(endpoints.getUser),
      client.call(endpoints.getUser),
      client.call(endpoints.getUser),
    ]);
    expect(server.refreshes()).toBe(1);
  });

  it('ends the session when the refresh fails, and says so', async () => {
    const server = fakeServer({ refreshWorks: false });
    vi.stubGlobal('fetch', server.fetch);
    const onSignedOut = vi.fn();
    const { session, client, endpoints } = createAppSession({ onSignedOut });
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
    const { client, endpoints } = createAppSession({ onSignedOut: vi.fn() });
    await expect(
      client.call(endpoints.login, { body: { email: 'jana@example.de', password: 'falsch-123' } }),
    ).rejects.toMatchObject({ status: 401, code: 'invalidCredentials' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
