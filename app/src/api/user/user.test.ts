import {
  AUTH_STORAGE_KEY,
  DELETE_CONFIRMATION,
  STORED_SESSION_MAX_AGE_MS,
  type User,
} from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { callCount, calls, fakeSession, handlers, resetFakeApi } from '../fake-api.ts';
import { keys } from '../../lib/query-keys.ts';
import { MAX_RETRY_AFTER_LOADS } from '../load-view.ts';
import { fetchMinutes, sessionMinutes, useMinutes } from './minutes.ts';
import { fetchPlan, sessionPlan, usePlan } from './plan.ts';
import { useDeleteAccount } from './delete.ts';
import { useUpdateUser } from './update.ts';
import { fetchUser, useUser } from './user.ts';

/*
 * The account's server state: the user (GET, PUT, DELETE /api/user), the minutes and the plan,
 * over a fake API client.
 */

vi.mock('../../session/session-context.ts', () => import('../fake-api.ts'));

const user: User = {
  id: 7,
  email: 'erika@example.com',
  firstName: 'Erika',
  lastName: 'Mustermann',
  company: null,
  phoneNumber: null,
  planId: 'free',
};
const http = (status: number) => () => {
  throw new ApiError('http', status, 'code', 'x');
};

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return { queryClient, wrapper };
}

beforeEach(resetFakeApi);
afterEach(() => localStorage.clear());

describe('the user', () => {
  it('starts from the stored session’s user and asks the server again', async () => {
    const savedAt = Date.now() - 60_000;
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({
        token: 't',
        refreshToken: 'r',
        user,
        savedAt,
        expiresAt: savedAt + STORED_SESSION_MAX_AGE_MS,
      }),
    );
    const renamed = { ...user, firstName: 'Eri' };
    handlers.getUser = () => ({ success: true, user: renamed });
    const { wrapper } = setup();
    const { result } = renderHook(() => useUser(), { wrapper });
    expect(result.current.data).toEqual(user);
    await waitFor(() => expect(result.current.data).toEqual(renamed));
    expect(callCount('getUser')).toBe(1);
    // Kept for the next start's first paint.
    expect(fakeSession.remembered).toEqual([renamed]);
  });

  it('is not asked for while signed out', async () => {
    fakeSession.state = { isAuthenticated: false };
    handlers.getUser = () => ({ success: true, user });
    const { wrapper } = setup();
    const { result } = renderHook(() => useUser(), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.data).toBeUndefined();
    expect(calls).toEqual([]);
  });

  it('a 401 (the one refresh did not help) ends the session; other failures keep it', async () => {
    handlers.getUser = http(500);
    await expect(fetchUser()).rejects.toMatchObject({ status: 500 });
    expect(fakeSession.ended).toBe(0);
    handlers.getUser = http(401);
    await expect(fetchUser()).rejects.toMatchObject({ status: 401 });
    expect(fakeSession.ended).toBe(1);
    expect(fakeSession.remembered).toEqual([]);
  });

  it('saving the profile settles once the user query holds the saved data', async () => {
    let current = user;
    handlers.updateUser = ({ body }) => {
      const { first_name } = body as { first_name: string };
      current = { ...current, firstName: first_name };
      return { success: true, message: 'ok' };
    };
    handlers.getUser = () => ({ success: true, user: current });
    const { queryClient, wrapper } = setup();
    const hooks = renderHook(() => ({ user: useUser(), save: useUpdateUser() }), { wrapper });
    await waitFor(() => expect(hooks.result.current.user.data).toEqual(user));
    const body = { first_name: 'Eri', last_name: 'Mustermann', company: '', phone_number: '' };
    await act(() => hooks.result.current.save.mutateAsync(body));
    expect(calls.find((call) => call.id === 'updateUser')?.input).toEqual({ body });
    expect(queryClient.getQueryData(keys.user())).toMatchObject({ firstName: 'Eri' });
  });

  it('deleting the account sends the literal confirmation and then ends the session', async () => {
    handlers.deleteUser = () => ({ success: true });
    const { wrapper } = setup();
    const { result } = renderHook(() => useDeleteAccount(), { wrapper });
    await act(() => result.current.mutateAsync());
    expect(calls).toEqual([
      { id: 'deleteUser', input: { body: { confirmation: DELETE_CONFIRMATION } } },
    ]);
    expect(DELETE_CONFIRMATION).toBe('DELETE');
    expect(fakeSession.ended).toBe(1);
  });

  it('a failed deletion keeps the session', async () => {
    handlers.deleteUser = http(500);
    const { wrapper } = setup();
    const { result } = renderHook(() => useDeleteAccount(), { wrapper });
    await expect(act(() => result.current.mutateAsync())).rejects.toMatchObject({ status: 500 });
    expect(fakeSession.ended).toBe(0);
    expect(fakeSession.state.isAuthenticated).toBe(true);
  });
});

describe('minutes and plan', () => {
  const minutes = {
    total: 30,
    used: 12,
    remaining: 18,
    running: 0,
    unlimited: false,
    has_active_plan: true,
  };

  const proPlan = { id: 'pro', name: 'Pro', type: 'paid', features: [] };

  it('answer what the server says', async () => {
    handlers.getMinutes = () => ({ success: true, minutes });
    handlers.getPlan = () => ({ success: true, plan: proPlan });
    await expect(fetchMinutes()).resolves.toEqual(minutes);
    await expect(fetchPlan()).resolves.toMatchObject({ id: 'pro' });
  });

  const busy = (retryAfterMs: number) => () => {
    throw new ApiError('http', 503, 'server', 'busy', undefined, retryAfterMs);
  };
  const zeroMinutes = {
    total: 0,
    used: 0,
    remaining: 0,
    running: 0,
    unlimited: false,
    has_active_plan: false,
  };

  it('a failed load is an error, not zero minutes or no plan', async () => {
    for (const failure of [
      http(500),
      http(401),
      () => {
        throw new ApiError('offline', 0, 'offline', 'x');
      },
    ]) {
      handlers.getMinutes = failure;
      handlers.getPlan = failure;
      await expect(fetchMinutes()).rejects.toBeInstanceOf(ApiError);
      await expect(fetchPlan()).rejects.toBeInstanceOf(ApiError);
    }
  });

  it('the widgets say "not loaded" with the last known value and its time; the session falls back as the API rule says', async () => {
    handlers.getMinutes = () => ({ success: true, minutes });
    handlers.getPlan = () => ({ success: true, plan: proPlan });
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => ({ minutes: useMinutes(), plan: usePlan() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.minutes.view.status).toBe('ready'));
    await waitFor(() => expect(result.current.plan.view.status).toBe('ready'));
    expect(result.current.minutes.view).toMatchObject({ data: minutes, asOf: undefined });
    const answeredAt = result.current.minutes.dataUpdatedAt;

    handlers.getMinutes = http(500);
    handlers.getPlan = http(500);
    await act(async () => {
      await result.current.minutes.refetch();
      await result.current.plan.refetch();
    });
    await waitFor(() => expect(result.current.minutes.view.status).toBe('error'));
    await waitFor(() => expect(result.current.plan.view.status).toBe('error'));
    expect(result.current.minutes.view).toEqual({
      status: 'error',
      data: minutes,
      asOf: new Date(answeredAt).toISOString(),
      retrying: false,
    });
    expect(result.current.plan.view).toMatchObject({ status: 'error', data: proPlan });
    // The API rule's session values: all-zero minutes with no active plan, and no plan.
    expect(sessionMinutes(queryClient.getQueryState(keys.minutes()))).toEqual(zeroMinutes);
    expect(sessionPlan(queryClient.getQueryState(keys.plan()))).toBeNull();

    // "Retry" recovers: the widget is ready again with the server's answer.
    handlers.getMinutes = () => ({ success: true, minutes: { ...minutes, used: 13 } });
    await act(async () => void (await result.current.minutes.refetch()));
    await waitFor(() => expect(result.current.minutes.view.status).toBe('ready'));
    expect(result.current.minutes.view).toMatchObject({
      status: 'ready',
      data: { used: 13 },
      asOf: undefined,
    });
    expect(sessionMinutes(queryClient.getQueryState(keys.minutes()))).toMatchObject({ used: 13 });
  });

  it('a first load that fails has no last known value', async () => {
    handlers.getMinutes = http(500);
    handlers.getPlan = http(503);
    const { queryClient, wrapper } = setup();
    const { result } = renderHook(() => ({ minutes: useMinutes(), plan: usePlan() }), {
      wrapper,
    });
    await waitFor(() => expect(result.current.minutes.view.status).toBe('error'));
    await waitFor(() => expect(result.current.plan.view.status).toBe('error'));
    expect(result.current.minutes.view).toEqual({
      status: 'error',
      data: undefined,
      asOf: undefined,
      retrying: false,
    });
    expect(result.current.plan.view.data).toBeUndefined();
    expect(callCount('getMinutes')).toBe(1);
    expect(sessionMinutes(queryClient.getQueryState(keys.minutes()))).toEqual(zeroMinutes);
    expect(sessionPlan(queryClient.getQueryState(keys.plan()))).toBeNull();
  });

  it('a busy answer loads again after its Retry-After, and recovers', async () => {
    let answers = 0;
    handlers.getMinutes = () => {
      answers++;
      if (answers === 1) busy(60)();
      return { success: true, minutes };
    };
    const { wrapper } = setup();
    // Every state the hook rendered, so the order is checked without racing the timer.
    const seen: string[] = [];
    const { result } = renderHook(
      () => {
        const hook = useMinutes();
        seen.push(hook.view.status);
        return hook;
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.view.status).toBe('ready'));
    // The failure showed first (one attempt per load), then the load after the wait recovered.
    expect(seen.indexOf('error')).toBeGreaterThan(-1);
    expect(seen.indexOf('error')).toBeLessThan(seen.lastIndexOf('ready'));
    expect(callCount('getMinutes')).toBe(2);
    expect(result.current.view.data).toEqual(minutes);
  });

  it('not before Retry-After, without one not at all, and at most three loads in a row', async () => {
    const loadedAt: number[] = [];
    handlers.getMinutes = () => {
      loadedAt.push(Date.now());
      return busy(200)();
    };
    handlers.getPlan = http(500);
    const { wrapper } = setup();
    const { result } = renderHook(() => ({ minutes: useMinutes(), plan: usePlan() }), {
      wrapper,
    });
    await waitFor(() => expect(callCount('getMinutes')).toBe(1 + MAX_RETRY_AFTER_LOADS), {
      timeout: 5_000,
    });
    // Each load came at least the named wait after the one before (a busy machine only adds).
    for (let i = 1; i < loadedAt.length; i++) {
      expect(loadedAt[i]! - loadedAt[i - 1]!).toBeGreaterThanOrEqual(190);
    }
    // A bound, not a wait: no further load comes by itself.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callCount('getMinutes')).toBe(1 + MAX_RETRY_AFTER_LOADS);
    expect(result.current.minutes.view.status).toBe('error');
    // A failure that names no time waits for "Retry".
    expect(callCount('getPlan')).toBe(1);
  });

  it('a cancelled load is no answer: the cache keeps what it had', async () => {
    const controller = new AbortController();
    handlers.getMinutes = () => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    };
    handlers.getPlan = handlers.getMinutes;
    await expect(fetchMinutes(controller.signal)).rejects.toThrow('aborted');
    await expect(fetchPlan(controller.signal)).rejects.toThrow('aborted');
  });
});
