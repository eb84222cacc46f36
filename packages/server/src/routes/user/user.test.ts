import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { endpoints } from '@protokoll/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  authSessions,
  minutesLedger,
  oneTimeTokens,
  refreshTokens,
  users,
} from '../../db/schema.ts';
import { monthPeriod } from '../../domain/minutes.ts';
import { accountsApp, signUp, type AccountsApp } from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

describe('GET/PUT /api/user', () => {
  it('reads and updates the own profile; empty company and phone clear them', async () => {
    const account = await signUp(t.api, { company: 'Alt GmbH', phone_number: '0301234' });
    const put = await t.api.call(endpoints.updateUser, {
      token: account.token,
      body: { first_name: ' Berta ', last_name: 'Beispiel', company: '', phone_number: '' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ success: true });
    const res = await t.api.call(endpoints.getUser, { token: account.token });
    expect(res.body.user).toMatchObject({
      firstName: 'Berta',
      lastName: 'Beispiel',
      company: null,
      phoneNumber: null,
    });
  });

  it('answers 422 for an empty first name', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.updateUser, {
      token: account.token,
      body: { first_name: ' ', last_name: 'X' },
    });
    expect(res.status).toBe(422);
  });

  it("never lets one user's token read or change another user", async () => {
    const anna = await signUp(t.api, { first_name: 'Anna' });
    const bob = await signUp(t.api, { first_name: 'Bob' });
    const asBob = (await t.api.call(endpoints.getUser, { token: bob.token })).body;
    expect(asBob.user.id).toBe(bob.user.id);
    await t.api.call(endpoints.updateUser, {
      token: bob.token,
      body: { first_name: 'Bobby', last_name: 'B' },
    });
    await t.api.call(endpoints.changePassword, {
      token: bob.token,
      body: { current_password: bob.password, new_password: 'bobs-neues-passwort' },
    });
    await t.api.call(endpoints.deleteUser, { token: bob.token, body: { confirmation: 'DELETE' } });
    const asAnna = (await t.api.call(endpoints.getUser, { token: anna.token })).body;
    expect(asAnna.user).toEqual(anna.user);
    const login = await t.api.call(endpoints.login, {
      body: { email: anna.email, password: anna.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('POST /api/user/password', () => {
  it('checks the current password, then signs out every other session', async () => {
    const account = await signUp(t.api);
    const other = (
      await t.api.call(endpoints.login, {
        body: { email: account.email, password: account.password },
      })
    ).body;

    const wrong = await t.api.call(endpoints.changePassword, {
      token: account.token,
      body: { current_password: 'nicht-richtig', new_password: 'ganz-neues-passwort' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.error).toMatchObject({ success: false, code: 'wrongPassword' });

    const ok = await t.api.call(endpoints.changePassword, {
      token: account.token,
      body: { current_password: account.password, new_password: 'ganz-neues-passwort' },
    });
    expect(ok.status).toBe(200);
    expect((await t.api.call(endpoints.getUser, { token: account.token })).status).toBe(200);
    expect((await t.api.call(endpoints.getUser, { token: other.token })).status).toBe(401);
    const refresh = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: other.refreshToken },
    });
    expect(refresh.status).toBe(401);

    const oldLogin = await t.api.call(endpoints.login, {
      body: { email: account.email, password: account.password },
    });
    expect(oldLogin.status).toBe(401);
    const newLogin = await t.api.call(endpoints.login, {
      body: { email: account.email, password: 'ganz-neues-passwort' },
    });
    expect(newLogin.status).toBe(200);
  });

  it('answers 422 when the new password equals the current one or is too short', async () => {
    const account = await signUp(t.api);
    for (const new_password of [account.password, 'kurz']) {
      const res = await t.api.call(endpoints.changePassword, {
        token: account.token,
        body: { current_password: account.password, new_password },
      });
      expect(res.status).toBe(422);
    }
  });
});

describe('DELETE /api/user', () => {
  it('needs the confirmation word DELETE', async () => {
    const account = await signUp(t.api);
    for (const body of [{}, { confirmation: 'delete' }, { confirmation: 'LÖSCHEN' }]) {
      const res = await t.api.unchecked(endpoints.deleteUser, { token: account.token, body });
      expect(res.status).toBe(422);
    }
    expect((await t.api.call(endpoints.getUser, { token: account.token })).status).toBe(200);
  });

  it('removes everything the account owns, its files too; it cannot sign in again', async () => {
    const account = await signUp(t.api);
    const id = account.user.id;
    await t.api.call(endpoints.getMinutes, { token: account.token });
    await t.api.call(endpoints.forgotPassword, { body: { email: account.email } });
    const audio = join(t.dataDir, 'audio', String(id));
    await mkdir(audio, { recursive: true });
    await writeFile(join(audio, 'aufnahme.mp3'), 'ID3');
    const neighbour = await signUp(t.api);
    const neighbourAudio = join(t.dataDir, 'audio', String(neighbour.user.id));
    await mkdir(neighbourAudio, { recursive: true });

    const res = await t.api.call(endpoints.deleteUser, {
      token: account.token,
      body: { confirmation: 'DELETE' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });

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

    expect((await t.api.call(endpoints.getUser, { token: account.token })).status).toBe(401);
    const login = await t.api.call(endpoints.login, {
      body: { email: account.email, password: account.password },
    });
    expect(login.status).toBe(401);
    expect(login.error).toMatchObject({ code: 'invalidCredentials' });
    const refresh = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(refresh.status).toBe(401);
    // The neighbour is untouched.
    expect((await t.api.call(endpoints.getUser, { token: neighbour.token })).status).toBe(200);
  });
});

describe('GET /api/user/minutes', () => {
  it('gives a new Free user 30 minutes for the month', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.getMinutes, { token: account.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
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
    const account = await signUp(t.api);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.api.call(endpoints.getMinutes, { token: account.token })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body.minutes.total).toBe(30);
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
    const account = await signUp(t.api);
    await t.api.call(endpoints.getMinutes, { token: account.token });
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
    const res = await t.api.call(endpoints.getMinutes, { token: account.token });
    expect(res.body.minutes).toMatchObject({
      total: 30,
      used: 5,
      running: 4,
      remaining: 21,
    });
  });

  it('needs a token', async () => {
    expect((await t.api.call(endpoints.getMinutes)).status).toBe(401);
  });
});

describe('plans', () => {
  it('GET /api/user/plan answers Free for a new account, with speaker labels', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.getPlan, { token: account.token });
    expect(res.body).toEqual({
      success: true,
      plan: {
        id: 'free',
        name: 'Free',
        type: 'free',
        features: expect.arrayContaining([
          'plans.features.minutes30',
          'plans.features.speakerDetection',
        ]),
        speaker_labels: true,
      },
    });
  });

  it('GET /api/plans is public: the catalogue, payments not configured', async () => {
    const res = await t.api.call(endpoints.listPlans);
    expect(res.status).toBe(200);
    const body = res.body;
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
    // Speaker labels are part of every plan by default, and every offer says so.
    for (const plan of body.plans) {
      expect(plan.speaker_labels, plan.id).toBe(true);
      expect(plan.features, plan.id).toContain('plans.features.speakerDetection');
    }
    expect(body.plans.find((p) => p.id === 'business')?.features).toContain(
      'plans.features.team10',
    );
    expect(JSON.stringify(body)).not.toContain('modelTier');
  });
});
