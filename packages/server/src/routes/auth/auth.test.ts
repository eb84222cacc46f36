import { endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens, users } from '../../db/schema.ts';
import { hashToken } from '../../lib/auth/tokens.ts';
import { accountsApp, registration, signUp, type AccountsApp } from '../../test/accounts.ts';
import { TEST_JWT_SECRET } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

const NOT_AUTHENTICATED = {
  success: false,
  code: 'notAuthenticated',
  message: 'Not authenticated',
};

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and never stores the plain password', async () => {
    const form = registration({ email: '  Neu.Person@Example.DE ', company: 'ACME', locale: 'en' });
    const res = await t.api.call(endpoints.register, { body: form });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.user).toMatchObject({
      email: 'neu.person@example.de',
      firstName: 'Anna',
      lastName: 'Muster',
      company: 'ACME',
      phoneNumber: null,
      planId: 'free',
    });
    expect(body.refreshToken).toBeTruthy();

    const [row] = await database().db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(form.password);
    expect(row?.locale).toBe('en');
    const [token] = await database()
      .db.select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, body.user.id));
    expect(token?.tokenHash).toBe(hashToken(body.refreshToken!));

    const me = await t.api.call(endpoints.getUser, { token: body.token });
    expect(me.body.user).toEqual(body.user);
  });

  it('answers 409 for an address that exists in any case', async () => {
    const first = await signUp(t.api);
    const res = await t.api.call(endpoints.register, {
      body: registration({ email: first.email.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.error).toMatchObject({
      success: false,
      code: 'emailExists',
      message: 'Email already exists',
    });
  });

  it('answers 422 with field issues for invalid input', async () => {
    const res = await t.api.unchecked(endpoints.register, {
      body: { ...registration({ email: 'not-an-address', password: 'kurz' }), accept_terms: false },
    });
    expect(res.status).toBe(422);
    const body = res.error;
    expect(body.issues?.map((issue) => issue.path).sort()).toEqual([
      'accept_terms',
      'email',
      'password',
    ]);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, whatever the case of the address', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.login, {
      body: { email: account.email.toUpperCase(), password: account.password },
    });
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.success).toBe(true);
    expect(body.user.id).toBe(account.user.id);
    expect(body.refreshToken).not.toBe(account.refreshToken);
    expect((await t.api.call(endpoints.validateToken, { token: body.token })).status).toBe(200);
  });

  it('gives a wrong password and an unknown address the same 401 answer', async () => {
    const account = await signUp(t.api);
    const wrong = await t.api.call(endpoints.login, {
      body: { email: account.email, password: 'falsch-falsch' },
    });
    const unknown = await t.api.call(endpoints.login, {
      body: { email: 'niemand@example.de', password: 'falsch-falsch' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const strip = (body: Record<string, unknown>) => ({ ...body, requestId: undefined });
    const expected = {
      success: false,
      code: 'invalidCredentials',
      message: 'Invalid email or password',
    };
    const [a, b] = [strip(wrong.error), strip(unknown.error)];
    expect(a).toEqual(b);
    expect(a).toMatchObject(expected);
  });

  it('answers 422 for a missing password', async () => {
    const res = await t.api.unchecked(endpoints.login, { body: { email: 'a@example.de' } });
    expect(res.status).toBe(422);
  });
});

describe('bearer tokens', () => {
  it('reject missing, malformed, forged and expired access tokens with one 401 body', async () => {
    const account = await signUp(t.api);
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.user.id))
      .setIssuer('protokoll')
      .setAudience('protokoll-api')
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-secret-of-at-least-32-characters!!'));
    const sessionId = (
      await database()
        .db.select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.userId, account.user.id))
    )[0]!.id;
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.user.id))
      .setIssuer('protokoll')
      .setAudience('protokoll-api')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));

    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Basic abc' },
      { Authorization: 'Bearer not.a.jwt' },
      { Authorization: `Bearer ${forged}` },
      { Authorization: `Bearer ${expired}` },
    ];
    for (const headers of variants) {
      const res = await t.api.call(endpoints.getUser, { headers });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      expect(res.error).toMatchObject(NOT_AUTHENTICATED);
    }
    // Authentication comes before validation: no hint about the body without a session.
    const res = await t.api.unchecked(endpoints.deleteUser, { body: {} });
    expect(res.status).toBe(401);
  });

  it('reject a correctly signed access token without exp or without iat', async () => {
    const account = await signUp(t.api);
    const sessionId = (
      await database()
        .db.select({ id: authSessions.id })
        .from(authSessions)
        .where(eq(authSessions.userId, account.user.id))
    )[0]!.id;
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const base = () =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(account.user.id))
        .setIssuer('protokoll')
        .setAudience('protokoll-api');
    const withBoth = await base().setIssuedAt().setExpirationTime('15m').sign(key);
    const noExp = await base().setIssuedAt().sign(key);
    const noIat = await base().setExpirationTime('15m').sign(key);
    // The same claims with both times are fine: only the missing claim makes the difference.
    expect((await t.api.call(endpoints.getUser, { token: withBoth })).status).toBe(200);
    for (const token of [noExp, noIat]) {
      const res = await t.api.call(endpoints.getUser, { token });
      expect(res.status).toBe(401);
      expect(res.error).toMatchObject(NOT_AUTHENTICATED);
    }
  });

  it('GET /api/auth/validate says success for a live token', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.validateToken, { token: account.token });
    expect(res.body).toEqual({ success: true });
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: a new pair each time, the old refresh token spent', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(res.status).toBe(200);
    const next = res.body;
    expect(next.refreshToken).not.toBe(account.refreshToken);
    expect(next.user.id).toBe(account.user.id);
    expect((await t.api.call(endpoints.getUser, { token: next.token })).status).toBe(200);

    const [child] = await database()
      .db.select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(next.refreshToken)));
    const [parent] = await database()
      .db.select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(account.refreshToken)));
    expect(child?.parentId).toBe(parent?.id);
    expect(child?.familyId).toBe(parent?.familyId);
    expect(parent?.revokedAt).toBeInstanceOf(Date);
    // The family keeps the sign-in's absolute end.
    expect(child?.expiresAt.getTime()).toBe(parent?.expiresAt.getTime());
  });

  it('revokes the whole family when a spent token is used again', async () => {
    const account = await signUp(t.api);
    const first = (
      await t.api.call(endpoints.refreshToken, { body: { refreshToken: account.refreshToken } })
    ).body;
    const reuse = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(reuse.status).toBe(401);
    expect(reuse.error).toMatchObject(NOT_AUTHENTICATED);
    // The legitimate latest token and its access token die with the family.
    const latest = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: first.refreshToken },
    });
    expect(latest.status).toBe(401);
    expect((await t.api.call(endpoints.getUser, { token: first.token })).status).toBe(401);
    // Other sessions of the same user are untouched.
    const other = (
      await t.api.call(endpoints.login, {
        body: { email: account.email, password: account.password },
      })
    ).body;
    expect((await t.api.call(endpoints.getUser, { token: other.token })).status).toBe(200);
  });

  it('refuses an expired session (7 days after sign-in) and unknown tokens', async () => {
    const account = await signUp(t.api);
    await database()
      .db.update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, account.user.id));
    const expired = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(expired.status).toBe(401);
    expect((await t.api.call(endpoints.getUser, { token: account.token })).status).toBe(401);

    const unknown = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: 'no-such-token' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.error).toMatchObject(NOT_AUTHENTICATED);
  });

  it('sets the session end 7 days after sign-in', async () => {
    const before = Date.now();
    const account = await signUp(t.api);
    const [session] = await database()
      .db.select()
      .from(authSessions)
      .where(eq(authSessions.userId, account.user.id));
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(session!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + week - 1000);
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + week + 1000);
  });
});

describe('POST /api/auth/logout', () => {
  it('ends this session: its access and refresh tokens stop working', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.logout, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await t.api.call(endpoints.validateToken, { token: account.token })).status).toBe(401);
    const refresh = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(refresh.status).toBe(401);
  });

  it('needs a token', async () => {
    expect((await t.api.call(endpoints.logout)).status).toBe(401);
  });
});

describe('GET /api/auth/config', () => {
  it('hides Google sign-in when GOOGLE_CLIENT_ID is not set', async () => {
    const res = await t.api.call(endpoints.getAuthConfig);
    expect(res.body).toEqual({ success: true });
    const google = await t.api.call(endpoints.googleLogin, { body: { googleCredential: 'x' } });
    expect(google.status).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the account calls, with bearer security where needed', async () => {
    // The OpenAPI document itself is no contract call.
    const doc = await (await t.app.request('/api/openapi.json')).json();
    expect(doc.paths['/api/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/user'].delete.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/auth/config'].get.operationId).toBe('getAuthConfig');
    expect(doc.paths['/api/plans'].get.operationId).toBe('listPlans');
  });
});
