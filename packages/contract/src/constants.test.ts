import { describe, expect, it } from 'vitest';
import * as c from './constants.ts';

describe('business constants', () => {
  it('equal the specified values', () => {
    expect(c.LOGIN_TIMEOUT_MS).toBe(100_000);
    expect(c.LOGIN_RETRIES).toBe(1);
    expect(c.REGISTER_TIMEOUT_MS).toBe(10_000);
    expect(c.REGISTER_RETRIES).toBe(1);
    expect(c.PORTAL_TIMEOUT_MS).toBe(10_000);
    expect(c.MINUTES_TIMEOUT_MS).toBe(5_000);
    expect(c.USER_TIMEOUT_MS).toBe(5_000);
    expect(c.VALIDATE_TIMEOUT_MS).toBe(5_000);
    expect(c.PLAN_TIMEOUT_MS).toBe(5_000);
    expect(c.REFRESH_TIMEOUT_MS).toBe(8_000);
    expect(c.AUTH_COOKIE_MAX_AGE_S).toBe(8 * 3600);
    expect(c.STORED_SESSION_MAX_AGE_MS).toBe(7 * 24 * 3600 * 1000);
    expect(c.AUTH_STORAGE_KEY).toBe('auth-token');
    expect(c.PENDING_CHECKOUT_KEY).toBe('pending_checkout_session');
    expect(c.DEFAULT_PAGE_SIZE).toBe(10);
    expect(c.DEFAULT_PAGE).toBe(1);
    expect(c.DELETE_CONFIRMATION).toBe('DELETE');
    expect(c.DEFAULT_PLAN_NAME).toBe('Free');
    expect(c.UPLOAD_ENTRY_REMOVE_DELAY_MS).toBe(2_000);
    expect(c.LOCALE_CACHE_MS).toBe(24 * 3600 * 1000);
    expect(c.LOCALE_COOKIE_MAX_AGE_S).toBe(365 * 24 * 3600);
    expect(c.LOCALE_COOKIE_KEY).toBe('i18n_redirected');
    expect(c.CHUNK_RELOAD_GUARD_MS).toBe(10_000);
    expect(c.ROUTE_PREFETCH_CONCURRENCY).toBe(4);
    expect(c.ONE_HOUR_MS).toBe(3_600_000);
    expect(c.UNLIMITED_MINUTES_THRESHOLD).toBe(1e12);
    expect(c.DEFAULT_DOWNLOAD_CONTENT_TYPE).toBe('application/octet-stream');
  });
});
