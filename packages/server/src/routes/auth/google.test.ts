import { endpoints } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { googleClaims, startJwksPeer, type JwksPeer } from '../../../../../tests/peers/jwks.ts';
import { users } from '../../db/schema.ts';
import { accountsApp, signUp, type AccountsApp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const CLIENT_ID = 'protokoll-test.apps.googleusercontent.com';
const database = useTestDatabase();
let peer: JwksPeer;
let t: AccountsApp;

beforeAll(async () => {
  peer = await startJwksPeer();
  t = await accountsApp(database(), { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: peer.url });
});
afterAll(async () => {
  await peer?.close();
});

const google = (credential: string) =>
  t.api.call(endpoints.googleLogin, { body: { googleCredential: credential } });

describe('POST /api/auth/google', () => {
  it('tells the client its client id', async () => {
    const res = await t.api.call(endpoints.getAuthConfig);
    expect(res.body).toEqual({ success: true, google_client_id: CLIENT_ID });
  });

  it('creates an account without password for a new verified address, then signs in to it', async () => {
    const claims = googleClaims(CLIENT_ID, { email: 'Greta.Google@Example.com' });
    const res = await google(peer.sign(claims));
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body.user).toMatchObject({
      email: 'greta.google@example.com',
      firstName: 'Greta',
      lastName: 'Google',
      planId: 'free',
    });
    const [row] = await database().db.select().from(users).where(eq(users.id, body.user.id));
    expect(row?.passwordHash).toBeNull();
    expect((await t.api.call(endpoints.getUser, { token: body.token })).status).toBe(200);

    // Password login cannot guess its way into a Google-only account.
    const pw = await t.api.call(endpoints.login, {
      body: { email: 'greta.google@example.com', password: 'irgendwas' },
    });
    expect(pw.status).toBe(401);

    const again = (await google(peer.sign(claims))).body;
    expect(again.user.id).toBe(body.user.id);
    expect(peer.requests()).toBeGreaterThan(0);
  });

  it('signs in to the existing account with that e-mail', async () => {
    const account = await signUp(t.api);
    const res = await google(
      peer.sign(googleClaims(CLIENT_ID, { email: account.email.toUpperCase() })),
    );
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(account.user.id);
    const [n] = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(sql`lower(${users.email})`, account.email));
    expect(n?.n).toBe(1);
  });

  it('accepts the issuer without scheme too', async () => {
    const res = await google(peer.sign(googleClaims(CLIENT_ID, { iss: 'accounts.google.com' })));
    expect(res.status).toBe(200);
  });

  const now = () => Math.floor(Date.now() / 1000);
  const invalid: [string, () => string][] = [
    [
      'tampered',
      () => {
        const [h, p, s] = peer.sign(googleClaims(CLIENT_ID)).split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
        payload.email = 'admin@example.com';
        return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
      },
    ],
    ['signed by another key', () => peer.sign(googleClaims(CLIENT_ID), { foreignKey: true })],
    ['expired', () => peer.sign(googleClaims(CLIENT_ID, { iat: now() - 7200, exp: now() - 3600 }))],
    [
      'for another audience',
      () => peer.sign(googleClaims('someone-else.apps.googleusercontent.com')),
    ],
    [
      'from another issuer',
      () => peer.sign(googleClaims(CLIENT_ID, { iss: 'https://evil.example' })),
    ],
    [
      'with an unverified e-mail',
      () => peer.sign(googleClaims(CLIENT_ID, { email_verified: false })),
    ],
    ['without an e-mail', () => peer.sign(googleClaims(CLIENT_ID, { email: undefined }))],
    ['not a JWT at all', () => 'garbage'],
  ];

  it.each(invalid)('answers 401 "Google authentication failed" for a token %s', async (_, make) => {
    const before = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(users);
    const res = await google(make());
    expect(res.status).toBe(401);
    expect(res.error).toMatchObject({
      success: false,
      code: 'googleAuthFailed',
      message: 'Google authentication failed',
    });
    const after = await database()
      .db.select({ n: sql<number>`count(*)::int` })
      .from(users);
    expect(after).toEqual(before);
  });
});
