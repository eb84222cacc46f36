import { PENDING_CHECKOUT_KEY } from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { leaveFor } from '../../lib/leave.ts';
import { callCount, calls, handlers, resetFakeApi } from '../fake-api.ts';
import { keys } from '../../lib/query-keys.ts';
import { cancelPendingCheckout } from './cancel.ts';
import { startCheckout, useStartCheckout, type CheckoutRequest } from './checkout.ts';
import {
  CHECKOUT_MAX_WAIT_MS,
  CHECKOUT_POLL_MS,
  settleCheckout,
  useCheckoutStatus,
} from './checkout-status.ts';
import { useOpenPortal } from './portal.ts';

/*
 * Buying a plan from the browser's side (docs/billing.md#checkout): the checkout's multipart body
 * and the pending session id, the status wait, a cancelled checkout, and the portal.
 */

vi.mock('../../session/session-context.ts', () => import('../fake-api.ts'));
vi.mock('../../lib/leave.ts', () => ({ leaveFor: vi.fn() }));

const request: CheckoutRequest = {
  product_id: 'pro',
  interval: 'year',
  promo_code: 'FRUEHLING',
  user: { id: 7, email: 'erika@example.com' },
  currentPlanId: 'free',
  locale: 'en',
};
const CHECKOUT_URL = 'http://127.0.0.1:4713/pay/cs_test_1';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return { queryClient, wrapper };
}

/** The fields of the multipart body the last call of `id` sent. */
function sentForm(id: string): Record<string, FormDataEntryValue> {
  const input = calls.findLast((call) => call.id === id)?.input as { body: FormData };
  return Object.fromEntries(input.body.entries());
}

beforeEach(() => {
  resetFakeApi();
  vi.mocked(leaveFor).mockClear();
});
afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
});

describe('starting a checkout', () => {
  it('sends the multipart checkout body in the interface language and keeps the session id', async () => {
    handlers.createCheckout = () => ({
      success: true,
      checkout_url: CHECKOUT_URL,
      session_id: 'cs_test_1',
    });
    await expect(startCheckout(request)).resolves.toEqual({
      checkoutUrl: CHECKOUT_URL,
      sessionId: 'cs_test_1',
    });
    expect(sentForm('createCheckout')).toEqual({
      product_id: 'pro',
      interval: 'year',
      user_id: '7',
      promo_code: 'FRUEHLING',
      metadata: JSON.stringify({ email: 'erika@example.com', current_plan: 'free' }),
    });
    expect(calls[0]?.input).toMatchObject({ headers: { 'Accept-Language': 'en' } });
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBe('cs_test_1');
  });

  it('leaves out an empty promo code', async () => {
    handlers.createCheckout = () => ({
      success: true,
      checkout_url: CHECKOUT_URL,
      session_id: 's',
    });
    await startCheckout({ ...request, promo_code: undefined });
    expect(sentForm('createCheckout')).not.toHaveProperty('promo_code');
  });

  it('goes to Stripe’s page once the session exists; a refusal stores nothing and stays', async () => {
    handlers.createCheckout = () => ({
      success: true,
      checkout_url: CHECKOUT_URL,
      session_id: 'cs_test_1',
    });
    const { wrapper } = setup();
    const { result } = renderHook(() => useStartCheckout(), { wrapper });
    await act(() => result.current.mutateAsync(request));
    expect(leaveFor).toHaveBeenCalledExactlyOnceWith(CHECKOUT_URL);

    localStorage.clear();
    handlers.createCheckout = () => {
      throw new ApiError('http', 409, 'subscriptionExists', 'Subscription exists');
    };
    await expect(act(() => result.current.mutateAsync(request))).rejects.toMatchObject({
      status: 409,
    });
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
    expect(leaveFor).toHaveBeenCalledOnce();
  });

  it('an answer without a session is a broken answer, not a way to nowhere', async () => {
    handlers.createCheckout = () => ({ success: true });
    await expect(startCheckout(request)).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
  });
});

describe('a cancelled checkout', () => {
  it('is reported with the stored id, which is then gone', async () => {
    localStorage.setItem(PENDING_CHECKOUT_KEY, 'cs_test_1');
    handlers.cancelCheckout = () => ({ success: true, message: 'Checkout cancelled' });
    await cancelPendingCheckout();
    expect(calls).toEqual([{ id: 'cancelCheckout', input: { body: { sessionId: 'cs_test_1' } } }]);
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
    // Reported once: a second visit finds nothing to report.
    await cancelPendingCheckout();
    expect(callCount('cancelCheckout')).toBe(1);
  });
});

describe('the checkout status', () => {
  it('complete: the stored id is removed and user, minutes, plan and subscription load again', async () => {
    localStorage.setItem(PENDING_CHECKOUT_KEY, 'cs_test_1');
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await settleCheckout(queryClient, 'cs_test_1', 'open');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBe('cs_test_1');
    expect(invalidate).not.toHaveBeenCalled();

    await settleCheckout(queryClient, 'cs_test_1', 'complete');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      keys.user(),
      keys.minutes(),
      keys.plan(),
      keys.subscription(),
    ]);
  });

  it('expired: nothing is pending any more, nothing reloads; another pending id stays', async () => {
    const { queryClient } = setup();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    localStorage.setItem(PENDING_CHECKOUT_KEY, 'cs_test_2');
    await settleCheckout(queryClient, 'cs_test_1', 'expired');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBe('cs_test_2');
    await settleCheckout(queryClient, 'cs_test_2', 'expired');
    expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull();
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('is asked every 2 s while open and settles once complete', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    localStorage.setItem(PENDING_CHECKOUT_KEY, 'cs_test_1');
    const answers = ['open', 'open', 'complete'];
    handlers.checkoutStatus = () => ({ success: true, status: answers.shift() ?? 'complete' });
    const { wrapper } = setup();
    const { result } = renderHook(() => useCheckoutStatus('cs_test_1'), { wrapper });
    await waitFor(() => expect(result.current.query.data).toBe('open'));
    await act(() => vi.advanceTimersByTimeAsync(2 * CHECKOUT_POLL_MS));
    await waitFor(() => expect(result.current.query.data).toBe('complete'));
    expect(calls[0]?.input).toMatchObject({ params: { sessionId: 'cs_test_1' } });
    await waitFor(() => expect(localStorage.getItem(PENDING_CHECKOUT_KEY)).toBeNull());
    await act(() => vi.advanceTimersByTimeAsync(5 * CHECKOUT_POLL_MS));
    expect(callCount('checkoutStatus')).toBe(3);
  });

  it('stops after the longest wait and says so; retry starts the wait afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handlers.checkoutStatus = () => ({ success: true, status: 'open' });
    const { wrapper } = setup();
    const { result } = renderHook(() => useCheckoutStatus('cs_test_1'), { wrapper });
    await waitFor(() => expect(result.current.query.data).toBe('open'));
    expect(result.current.slow).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(CHECKOUT_MAX_WAIT_MS + CHECKOUT_POLL_MS));
    await waitFor(() => expect(result.current.slow).toBe(true));
    const asked = callCount('checkoutStatus');
    expect(asked).toBe(CHECKOUT_MAX_WAIT_MS / CHECKOUT_POLL_MS);
    await act(() => vi.advanceTimersByTimeAsync(10 * CHECKOUT_POLL_MS));
    expect(callCount('checkoutStatus')).toBe(asked);

    act(() => result.current.retry());
    await waitFor(() => expect(result.current.slow).toBe(false));
    await waitFor(() => expect(callCount('checkoutStatus')).toBe(asked + 1));
  });

  it('a failed read stops the wait', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handlers.checkoutStatus = () => {
      throw new ApiError('http', 404, 'notFound', 'Not found');
    };
    const { wrapper } = setup();
    const { result } = renderHook(() => useCheckoutStatus('cs_other'), { wrapper });
    await waitFor(() => expect(result.current.query.isError).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(5 * CHECKOUT_POLL_MS));
    expect(callCount('checkoutStatus')).toBe(1);
  });

  it('asks nothing without a session id', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(() => useCheckoutStatus(null), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.query.fetchStatus).toBe('idle');
    expect(calls).toEqual([]);
  });
});

describe('the customer portal', () => {
  it('sends the user id in the interface language and goes to the portal', async () => {
    handlers.createPortalSession = () => ({ success: true, url: 'http://127.0.0.1:4713/portal/x' });
    const { wrapper } = setup();
    const { result } = renderHook(() => useOpenPortal(), { wrapper });
    await act(() => result.current.mutateAsync({ userId: 7, locale: 'de' }));
    expect(sentForm('createPortalSession')).toEqual({ user_id: '7' });
    expect(calls[0]?.input).toMatchObject({ headers: { 'Accept-Language': 'de' } });
    expect(leaveFor).toHaveBeenCalledExactlyOnceWith('http://127.0.0.1:4713/portal/x');
  });
});
