import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MinutesResponse, PlanResponse, PlansResponse, UserResponse } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authSessions,
  minutesLedger,
  oneTimeTokens,
  refreshTokens,
  users,
} from '../../db/schema.ts';
import { monthPeriod } from '../../lib/minutes.ts';
import { accountsApp, signUp, type AccountsApp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

describe('GET/PUT /api/user', () => {
  it('reads and updates the own profile; empty company and phone clear them', async () => {
    const account = await signUp(t.call, { company: 'Alt GmbH', phone_number: '0301234' });
    const put = await t.call('PUT', '/api/user', {
      token: account.token,
      body: { first_name: ' Berta ', last_name: 'Beispiel', company: '', phone_number: '' },
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ success: true });
    const res = await t.call('GET', '/api/user', { token: account.token });
    expect(UserResponse.parse(await res.json()).user).toMatchObject({
      firstName: 'Berta',
      lastName: 'Beispiel',
      company: null,
      phoneNumber: null,
    });
  });

  it('answers 422 for an empty first name', async () => {
    const account = await signUp(t.call);
    const res = await t.call('PUT', '/api/user', {
      token: account.token,
      body: { first_name: ' ', last_name: 'X' },
    });
    expect(res.status).toBe(422);
  });

  it("never lets one user's token read or change another user", async () => {
    const anna = await signUp(t.call, { first_name: 'Anna' });
    const bob = await signUp(t.call, { first_name: 'Bob' });
    const asBob = UserResponse.parse(
      await (await t.call('GET', '/api/user', { token: bob.token })).json(),
    );
    expect(asBob.user.id).toBe(bob.user.id);
    await t.call('PUT', '/api/user', {
      token: bob.token,
      body: { first_name: 'Bobby', last_name: 'B' },
    });
    await t.call('POST', '/api/user/password', {
      token: bob.token,
      body: { current_password: bob.password, new_password: 'bobs-neues-passwort' },
    });
    await t.call('DELETE', '/api/user', { token: bob.token, body: { confirmation: 'DELETE' } });
    const asAnna = UserResponse.parse(
      await (await t.call('GET', '/api/user', { token: anna.token })).json(),
    );
    expect(asAnna.user).toEqual(anna.user);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: anna.email, password: anna.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('POST /api/user/password', () => {
  it('checks the current password, then signs out every other session', async () => {
    const account = await signUp(t.call);
    const other = await (
      await t.call('POST', '/api/auth/login', {
        body: { email: account.email, password: account.password },
      })
    ).json();

    const wrong = await t.call('POST', '/api/user/password', {
      token: account.token,
      body: { current_password: 'nicht-richtig', new_password: 'ganz-neues-passwort' },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ success: false, code: 'wrongPassword' });

    const ok = await t.call('POST', '/api/user/password', {
      token: account.token,
      body: { current_password: account.password, new_password: 'ganz-neues-passwort' },
    });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/user', { token: account.token })).status).toBe(200);
    expect((await t.call('GET', '/api/user', { token: other.token })).status).toBe(401);
    const refresh = await t.call('POST', '/api/auth/refresh', {
      body: { refreshToken: other.refreshToken },
    });
    expect(refresh.status).toBe(401);

    const oldLogin = await t.call('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.call('POST', '/api/auth/login', {
      body: { email: account.email, password: 'ganz-neues-passwort' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('answers 422 when the new password equals the current one or is too short', async () => {
    const account = await signUp(t.call);
    for (const new_password of [account.password, 'kurz']) {
      const res = await t.call('POST', '/api/user/password', {
        token: account.token,
        body: { current_password: account.password, new_password },
      });
      expect(res.status).toBe(422);
    }
  });
});

describe('DELETE /api/user', () => {
  it('needs the confirmation word DELETE', async () => {
    const account = await signUp(t.call);
    for (const body of [{}, { confirmation: 'delete' }, { confirmation: 'LÖSCHEN' }]) {
      const res = await t.call('DELETE', '/api/user', { token: account.token, body });
      expect(res.status).toBe(422);
    }
    expect((await t.call('GET', '/api/user', { token: account.token })).status).toBe(200);
  });

  it('removes everything the account owns, its files too; it cannot sign in again', async () => {
    const account = await signUp(t.call);
    const id = account.user.id;
    await t.call('GET', '/api/user/minutes', { token: account.token });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: account.email } });
    const audio = join(t.dataDir, 'audio', String(id));
    await mkdir(audio, { recursive: true });
    await writeFile(join(audio, 'aufnahme.mp3'), 'ID3');
    const neighbour = await signUp(t.call);
    const neighbourAudio = join(t.dataDir, 'audio', String(neighbour.user.id));
    await mkdir(neighbourAudio, { recursive: true });

    const res = await t.call('DELETE', '/api/user', {
      token: account.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });

    const { db } = database();
    const [left] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.id, id));
    expect(left?.n).toBe(0);
    for (const table of [authSessions, refreshTokens, oneTimeTokens, minutesLedger]) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.userId, id));
      expect(row?.n).toBe(0);
    }
    await expect(stat(audio)).rejects.toThrow();
    await expect(stat(neighbourAudio)).resolves.toBeDefined();

    expect((await t.call('GET', '/api/user', { token: account.token })).status).toBe(401);
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(401);
    expect(await login.json()).toMatchObject({ code: 'invalidCredentials' });
    const refresh = await t.call('POST', '/api/auth/refresh', {
      body: { refreshToken: account.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The neighbour is untouched.
    expect((await t.call('GET', '/api/user', { token: neighbour.token })).status).toBe(200);
  });
});

describe('GET /api/user/minutes', () => {
  it('gives a new Free user 30 minutes for the month', async () => {
    const account = await signUp(t.call);
    const res = await t.call('GET', '/api/user/minutes', { token: account.token });
    expect(res.status).toBe(200);
    expect(MinutesResponse.parse(await res.json())).toEqual({
      success: true,
      minutes: {
        total: 30,
        used: 0,
        remaining: 30,
        running: 0,
        unlimited: false,
        has_active_plan: true,
      },
    });
  });

  it('creates the monthly grant exactly once under concurrent reads', async () => {
    const account = await signUp(t.call);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call('GET', '/api/user/minutes', { token: account.token })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(MinutesResponse.parse(await res.json()).minutes.total).toBe(30);
    }
    const grants = await database()
      .db.select()
      .from(minutesLedger)
      .where(eq(minutesLedger.userId, account.user.id));
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({
      kind: 'grant',
      minutes: 30,
      period: monthPeriod(new Date()),
    });
  });

  it('derives used, running and remaining from the ledger', async () => {
    const account = await signUp(t.call);
    await t.call('GET', '/api/user/minutes', { token: account.token });
    const period = monthPeriod(new Date());
    const userId = account.user.id;
    await database()
      .db.insert(minutesLedger)
      .values([
        { userId, kind: 'reserve', minutes: 5, period, reason: 'note', noteId: 1 },
        { userId, kind: 'charge', minutes: 5, period, reason: 'note', noteId: 1 },
        { userId, kind: 'reserve', minutes: 4, period, reason: 'note', noteId: 2 },
        { userId, kind: 'reserve', minutes: 3, period, reason: 'note', noteId: 3 },
        { userId, kind: 'refund', minutes: 3, period, reason: 'note', noteId: 3 },
        // Last month's use does not count now.
        { userId, kind: 'charge', minutes: 9, period: '2000-01', reason: 'note', noteId: 4 },
      ]);
    const res = await t.call('GET', '/api/user/minutes', { token: account.token });
    expect(MinutesResponse.parse(await res.json()).minutes).toMatchObject({
      total: 30,
      used: 5,
      running: 4,
      remaining: 21,
    });
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/user/minutes')).status).toBe(401);
  });
});

describe('plans', () => {
  it('GET /api/user/plan answers Free for a new account', async () => {
    const account = await signUp(t.call);
    const res = await t.call('GET', '/api/user/plan', { token: account.token });
    expect(PlanResponse.parse(await res.json())).toEqual({
      success: true,
      plan: {
        id: 'free',
        name: 'Free',
        type: 'free',
        features: expect.arrayContaining(['plans.features.minutes30']),
      },
    });
  });

  it('GET /api/plans is public: the catalogue, payments not configured', async () => {
    const res = await t.call('GET', '/api/plans');
    expect(res.status).toBe(200);
    const body = PlansResponse.parse(await res.json());
    expect(body.payments_enabled).toBe(false);
    expect(body.plans.map((plan) => [plan.id, plan.minutes_per_month])).toEqual([
      ['free', 30],
      ['starter', 300],
      ['pro', 1_200],
      ['business', 6_000],
    ]);
    expect(body.plans[0]).toMatchObject({ type: 'free', max_file_minutes: 30 });
    expect(body.plans.find((p) => p.id === 'pro')?.features).toEqual(
      expect.arrayContaining(['plans.features.premiumModel', 'plans.features.speakerDetection']),
    );
    expect(body.plans.find((p) => p.id === 'business')?.features).toContain(
      'plans.features.team10',
    );
    expect(JSON.stringify(body)).not.toContain('modelTier');
  });
});
