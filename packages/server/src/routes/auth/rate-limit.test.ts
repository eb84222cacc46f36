import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { accountsApp, registration, signUp, type AccountsApp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database(), {
    RATE_LIMIT_LOGIN: '3/15m',
    RATE_LIMIT_REGISTER: '2/1h',
    RATE_LIMIT_FORGOT_PASSWORD: '2/1h',
  });
});

const TOO_MANY = {
  success: false,
  code: 'tooManyAttempts',
  message: 'Too many attempts. Please try again later.',
};

/** Every 429 says when to come back: whole seconds, at most the window. */
function expectRetryAfter(res: { headers: Headers }, windowSeconds: number): void {
  const value = res.headers.get('Retry-After');
  expect(value).toMatch(/^\d+$/);
  expect(Number(value)).toBeGreaterThan(0);
  expect(Number(value)).toBeLessThanOrEqual(windowSeconds);
}

describe('rate limits', () => {
  it('answer 429 after too many registrations from one address', async () => {
    // beforeAll's app shares its database; start from this test's own count.
    await signUp(t.api);
    await signUp(t.api);
    const res = await t.api.call(endpoints.register, { body: registration() });
    expect(res.status).toBe(429);
    expect(res.error).toMatchObject(TOO_MANY);
    expectRetryAfter(res, 3600);
  });

  it('answer 429 after too many logins for one address, even with the right password', async () => {
    const form = registration();
    // Registration is limited already; create the account directly through a fresh app.
    const other = await accountsApp(database());
    const account = await signUp(other.api, form);
    for (let i = 0; i < 3; i += 1) {
      const res = await t.api.call(endpoints.login, {
        body: { email: account.email, password: 'falsch-falsch' },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await t.api.call(endpoints.login, {
      body: { email: account.email, password: account.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.error).toMatchObject(TOO_MANY);
    expectRetryAfter(blocked, 15 * 60);
    // Per address: another e-mail is not blocked.
    const other2 = await t.api.call(endpoints.login, {
      body: { email: 'jemand.anderes@example.de', password: 'falsch-falsch' },
    });
    expect(other2.status).toBe(401);
  });

  it('answer 429 after too many reset requests', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await t.api.call(endpoints.forgotPassword, {
        body: { email: 'x@example.de' },
      });
      expect(res.status).toBe(200);
    }
    const res = await t.api.call(endpoints.forgotPassword, {
      body: { email: 'x@example.de' },
    });
    expect(res.status).toBe(429);
    expect(res.error).toMatchObject(TOO_MANY);
    expectRetryAfter(res, 3600);
  });

  it('answer 429 after too many logins from one address across e-mail addresses', async () => {
    // Its own address (through a trusted proxy header), so the other tests' logins do not count.
    const sprayed = await accountsApp(database(), {
      RATE_LIMIT_LOGIN: '3/15m',
      RATE_LIMIT_LOGIN_IP: '6/15m',
      TRUST_PROXY: 'true',
    });
    const from = (ip: string, n: number) =>
      sprayed.api.call(endpoints.login, {
        body: { email: `spray.${n}@example.de`, password: 'falsch-falsch' },
        headers: { 'X-Forwarded-For': ip },
      });
    for (let n = 0; n < 6; n += 1) expect((await from('203.0.113.7', n)).status).toBe(401);
    const blocked = await from('203.0.113.7', 6);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toMatchObject(TOO_MANY);
    expectRetryAfter(blocked, 15 * 60);
    // Another address is not blocked.
    expect((await from('203.0.113.8', 0)).status).toBe(401);
  });

  it('count in the database, in fixed windows, atomically under concurrency', async () => {
    const { db } = database();
    const limit = { max: 5, windowMs: 60_000 };
    const now = new Date('2030-01-01T00:00:10Z');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => hitRateLimit(db, 'test:concurrent', limit, now)),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
    // The next window starts afresh.
    expect(await hitRateLimit(db, 'test:concurrent', limit, new Date('2030-01-01T00:01:00Z'))).toBe(
      true,
    );
  });
});
