import { describe, expect, it } from 'vitest';
import {
  CancelCheckoutBody,
  CheckoutBody,
  CheckoutResponse,
  CheckoutStatusResponse,
  PortalBody,
  PortalResponse,
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
