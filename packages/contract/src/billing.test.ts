import { describe, expect, it } from 'vitest';
import {
  CancelCheckoutBody,
  CheckoutBody,
  CheckoutResponse,
  CheckoutStatusResponse,
  getSubscription,
  PortalBody,
  PortalResponse,
  SubscriptionResponse,
} from './billing.ts';

describe('checkout', () => {
  const metadata = { email: 'erika@example.de', current_plan: 'free' };
  const multipart = (fields: Record<string, string>) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    return Object.fromEntries(form);
  };

  it('parses the multipart form with metadata as JSON text', () => {
    const parsed = CheckoutBody.parse(
      multipart({
        product_id: 'pro',
        interval: 'year',
        user_id: '7',
        promo_code: ' FRUEHLING ',
        metadata: JSON.stringify(metadata),
      }),
    );
    expect(parsed).toEqual({
      product_id: 'pro',
      interval: 'year',
      user_id: 7,
      promo_code: 'FRUEHLING',
      metadata,
    });
  });

  it('treats an empty promo code as none and accepts metadata as an object', () => {
    const parsed = CheckoutBody.parse({
      product_id: 'starter',
      interval: 'month',
      user_id: 7,
      promo_code: '',
      metadata,
    });
    expect(parsed.promo_code).toBeUndefined();
  });

  it('rejects a bad interval, missing user, and broken metadata', () => {
    const base = {
      product_id: 'pro',
      interval: 'month',
      user_id: '7',
      metadata: JSON.stringify(metadata),
    };
    expect(CheckoutBody.safeParse(multipart({ ...base, interval: 'week' })).success).toBe(false);
    const { user_id: _, ...withoutUser } = base;
    expect(CheckoutBody.safeParse(multipart(withoutUser)).success).toBe(false);
    expect(CheckoutBody.safeParse(multipart({ ...base, metadata: '{kaputt' })).success).toBe(false);
    expect(
      CheckoutBody.safeParse(multipart({ ...base, metadata: JSON.stringify({ email: 'x' }) }))
        .success,
    ).toBe(false);
  });

  it('accepts the answers of checkout, status and portal', () => {
    expect(
      CheckoutResponse.safeParse({
        success: true,
        checkout_url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        session_id: 'cs_test_1',
      }).success,
    ).toBe(true);
    expect(CheckoutResponse.safeParse({ success: false, error: 'Plan not found' }).success).toBe(
      true,
    );
    expect(CheckoutResponse.safeParse({ success: true, checkout_url: 'kein link' }).success).toBe(
      false,
    );
    expect(CheckoutStatusResponse.safeParse({ success: true, status: 'complete' }).success).toBe(
      true,
    );
    expect(CheckoutStatusResponse.safeParse({ success: true, status: 'paid' }).success).toBe(false);
    expect(
      PortalResponse.safeParse({ success: true, url: 'https://billing.stripe.com/p/1' }).success,
    ).toBe(true);
    expect(PortalResponse.safeParse({ success: false, error: 'x' }).success).toBe(true);
    expect(PortalResponse.safeParse({ url: 'https://billing.stripe.com/p/1' }).success).toBe(false);
  });

  it('checks the cancel and portal bodies', () => {
    expect(CancelCheckoutBody.safeParse({ sessionId: 'cs_test_1' }).success).toBe(true);
    expect(CancelCheckoutBody.safeParse({ session_id: 'cs_test_1' }).success).toBe(false);
    expect(PortalBody.parse(multipart({ user_id: '7' }))).toEqual({ user_id: 7 });
    expect(PortalBody.safeParse({}).success).toBe(false);
  });
});

describe('subscription', () => {
  const subscription = {
    plan_id: 'pro',
    source: 'stripe',
    status: 'past_due',
    interval: 'month',
    current_period_end: '2026-12-14T09:30:00.000Z',
    cancel_at_period_end: true,
    cancel_at: '2026-12-14T09:30:00.000Z',
    portal_available: true,
    payments_enabled: true,
  };

  it('is an authenticated GET with the plan timeout', () => {
    expect(getSubscription).toMatchObject({
      method: 'GET',
      path: '/api/billing/subscription',
      auth: true,
      timeoutMs: 5_000,
    });
  });

  it('carries Stripe’s status and dates, null without a subscription', () => {
    expect(SubscriptionResponse.parse({ success: true, subscription }).subscription).toEqual(
      subscription,
    );
    const free = {
      ...subscription,
      plan_id: 'free',
      source: 'free',
      status: null,
      interval: null,
      current_period_end: null,
      cancel_at_period_end: false,
      cancel_at: null,
      portal_available: false,
    };
    expect(SubscriptionResponse.safeParse({ success: true, subscription: free }).success).toBe(
      true,
    );
    for (const broken of [
      { ...subscription, status: 'paid' },
      { ...subscription, source: 'gift' },
      { ...subscription, current_period_end: '14.12.2026' },
    ]) {
      expect(SubscriptionResponse.safeParse({ success: true, subscription: broken }).success).toBe(
        false,
      );
    }
  });
});
