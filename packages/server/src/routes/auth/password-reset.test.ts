import { endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens } from '../../db/schema.ts';
import { hashToken } from '../../lib/auth/tokens.ts';
import {
  accountsApp,
  lastMailTo,
  readOutbox,
  signUp,
  tokenFromMail,
  type AccountsApp,
} from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database());
});

describe('password reset', () => {
  it('mails a German link; following it sets the password and signs out everywhere', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.forgotPassword, {
      body: { email: account.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });

    const mail = await lastMailTo(t.dataDir, account.email);
    expect(mail.raw).toMatch(/^Subject: .+/m);
    expect(mail.body).toContain('Neues Passwort festlegen');
    // Greeted by the account's first name.
    expect(mail.body).toContain('Hallo Anna,');
    expect(mail.body).toContain('https://protokoll.example/reset-password?token=');
    expect(mail.body).toContain('<a href="https://protokoll.example/reset-password?token=');
    const token = tokenFromMail(mail, '/reset-password');
    expect(JSON.stringify(t.logs)).not.toContain(token);
    expect(t.logs).toContainEqual(
      expect.objectContaining({ msg: expect.stringContaining('outbox'), to: account.email }),
    );

    // Stored as a hash, valid for one hour.
    const [row] = await database()
      .db.select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect(row?.purpose).toBe('password_reset');
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(3_600_000);

    const reset = await t.api.call(endpoints.resetPassword, {
      body: { token, password: 'nach-dem-reset-1' },
    });
    expect(reset.status).toBe(200);
    expect((await t.api.call(endpoints.getUser, { token: account.token })).status).toBe(401);
    const refresh = await t.api.call(endpoints.refreshToken, {
      body: { refreshToken: account.refreshToken },
    });
    expect(refresh.status).toBe(401);
    const oldLogin = await t.api.call(endpoints.login, {
      body: { email: account.email, password: account.password },
    });
    expect(oldLogin.status).toBe(401);
    const login = await t.api.call(endpoints.login, {
      body: { email: account.email, password: 'nach-dem-reset-1' },
    });
    expect(login.status).toBe(200);

    const again = await t.api.call(endpoints.resetPassword, {
      body: { token, password: 'noch-ein-passwort' },
    });
    expect(again.status).toBe(400);
    expect(again.error).toMatchObject({
      success: false,
      code: 'invalidToken',
    });
  });

  it('writes in English by the locale field or Accept-Language, with the /en prefix', async () => {
    const account = await signUp(t.api);
    await t.api.call(endpoints.forgotPassword, {
      body: { email: account.email, locale: 'en' },
    });
    let mail = await lastMailTo(t.dataDir, account.email);
    expect(mail.body).toContain('Choose a new password');
    expect(mail.body).toContain('https://protokoll.example/en/reset-password?token=');

    await t.api.call(endpoints.forgotPassword, {
      body: { email: account.email },
      headers: { 'Accept-Language': 'fr-FR, en-GB;q=0.8, de;q=0.5' },
    });
    mail = await lastMailTo(t.dataDir, account.email);
    expect(mail.body).toContain('/en/reset-password?token=');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = (await readOutbox(t.dataDir)).length;
    const res = await t.api.call(endpoints.forgotPassword, {
      body: { email: 'niemand.hier@example.de' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true });
    expect((await readOutbox(t.dataDir)).length).toBe(before);
  });

  it('refuses an expired link, an unknown token and a too short password', async () => {
    const account = await signUp(t.api);
    await t.api.call(endpoints.forgotPassword, { body: { email: account.email } });
    const token = tokenFromMail(await lastMailTo(t.dataDir, account.email), '/reset-password');

    const short = await t.api.call(endpoints.resetPassword, {
      body: { token, password: 'kurz' },
    });
    expect(short.status).toBe(422);

    await database()
      .db.update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    const expired = await t.api.call(endpoints.resetPassword, {
      body: { token, password: 'lange-genug-1' },
    });
    expect(expired.status).toBe(400);
    const unknown = await t.api.call(endpoints.resetPassword, {
      body: { token: 'ausgedacht', password: 'lange-genug-1' },
    });
    expect(unknown.status).toBe(400);
    // An e-mail change token is not a reset token.
    await t.api.call(endpoints.requestEmailChange, {
      token: account.token,
      body: { new_email: 'andere.adresse@example.de' },
    });
    const changeToken = tokenFromMail(
      await lastMailTo(t.dataDir, 'andere.adresse@example.de'),
      '/update-email',
    );
    const wrongKind = await t.api.call(endpoints.resetPassword, {
      body: { token: changeToken, password: 'lange-genug-1' },
    });
    expect(wrongKind.status).toBe(400);
  });
});
