import { AUTH_STORAGE_KEY, STORED_SESSION_MAX_AGE_MS } from '@protokoll/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const user = {
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
  // The module reads the stored session when it loads: a fresh one per test.
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('the app session', () => {
  it('checks the restored session with the server when its chunk loads, and clears it on failure', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(new URL(url, 'http://app').pathname);
        return json(200, { success: false });
      }),
    );
    const { loadSession } = await import('./session-context.ts');
    const { session } = await loadSession();
    await vi.waitFor(() => expect(session.getState().isAuthenticated).toBe(false));
    expect(calls[0]).toBe('/api/auth/validate');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('is signed in from the stored entry alone, before the session chunk loads', async () => {
    const { renderHook } = await import('@testing-library/react');
    const { useSessionState } = await import('./session-context.ts');
    const { result } = renderHook(() => useSessionState());
    expect(result.current).toMatchObject({
      isAuthenticated: true,
      token: 'access-1',
      refreshToken: 'refresh-1',
      isLoading: false,
      error: null,
    });
    expect(result.current).not.toHaveProperty('user');
  });

  it('a 401 on the user data, after the one refresh, leads to /login in the page’s language', async () => {
    history.replaceState(null, '', '/en/notes?page=2');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://app').pathname;
        if (path === '/api/auth/refresh') {
          return json(200, { success: true, token: 'access-2', refreshToken: 'refresh-2', user });
        }
        // The check at start passes; the user data then fails.
        if (path === '/api/auth/validate') return json(200, { success: true });
        return json(401, {
          success: false,
          message: 'Not authenticated',
          code: 'notAuthenticated',
        });
      }),
    );
    const { fetchUser } = await import('../api/user/user.ts');
    await expect(fetchUser()).rejects.toMatchObject({ status: 401 });
    expect(location.pathname).toBe('/en/login');
    const { loadSession } = await import('./session-context.ts');
    expect((await loadSession()).session.getState().isAuthenticated).toBe(false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('a session chunk that failed to load (offline) is loaded again on the next use', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true })),
    );
    let failing = true;
    vi.doMock('./app-session.ts', async (importOriginal) => {
      if (failing) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    try {
      const { loadSession, reportSessionLoadFailure, useSessionState } =
        await import('./session-context.ts');
      const { renderHook, act } = await import('@testing-library/react');
      await expect(loadSession()).rejects.toThrow();
      // The sign-in form says why instead of doing nothing.
      const { result } = renderHook(() => useSessionState());
      act(() => reportSessionLoadFailure(false));
      expect(result.current.error).toEqual({ code: 'offline' });

      failing = false;
      const app = await loadSession();
      expect(app.session.getState().isAuthenticated).toBe(true);
      expect(await loadSession()).toBe(app);
    } finally {
      vi.doUnmock('./app-session.ts');
    }
  });
});
