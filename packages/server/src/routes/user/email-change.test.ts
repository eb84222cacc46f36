import { endpoints } from '@protokoll/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accountsApp,
  lastMailTo,
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

describe('e-mail change', () => {
  it('mails a link to the new address and changes it on confirmation, once', async () => {
    const account = await signUp(t.api);
    const res = await t.api.call(endpoints.requestEmailChange, {
      token: account.token,
      body: { new_email: 'Neue.Adresse@Example.de' },
    });
    expect(res.status).toBe(200);
    const mail = await lastMailTo(t.dataDir, 'neue.adresse@example.de');
    expect(mail.body).toContain('https://protokoll.example/update-email?token=');
    expect(mail.body).toContain('E-Mail-Adresse bestätigen');
    const token = tokenFromMail(mail, '/update-email');
    // The token never reaches the log.
    expect(JSON.stringify(t.logs)).not.toContain(token);

    // Nothing changes before the link is followed.
    let me = (await t.api.call(endpoints.getUser, { token: account.token })).body;
    expect(me.user.email).toBe(account.email);

    const confirm = await t.api.call(endpoints.confirmEmailUpdate, { body: { token } });
    expect(confirm.status).toBe(200);
    me = (await t.api.call(endpoints.getUser, { token: account.token })).body;
    expect(me.user.email).toBe('neue.adresse@example.de');
    const login = await t.api.call(endpoints.login, {
      body: { email: 'neue.adresse@example.de', password: account.password },
    });
    expect(login.status).toBe(200);

    const again = await t.api.call(endpoints.confirmEmailUpdate, { body: { token } });
    expect(again.status).toBe(400);
    expect(again.error).toMatchObject({ code: 'invalidToken' });
  });

  it('answers 409 for an address another account uses, now or by the time of confirmation', async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const taken = await t.api.call(endpoints.requestEmailChange, {
      token: anna.token,
      body: { new_email: bob.email.toUpperCase() },
    });
    expect(taken.status).toBe(409);
    expect(taken.error).toMatchObject({ code: 'emailExists' });

    await t.api.call(endpoints.requestEmailChange, {
      token: anna.token,
      body: { new_email: 'spaeter.vergeben@example.de' },
    });
    const token = tokenFromMail(
      await lastMailTo(t.dataDir, 'spaeter.vergeben@example.de'),
      '/update-email',
    );
    await signUp(t.api, { email: 'spaeter.vergeben@example.de' });
    const confirm = await t.api.call(endpoints.confirmEmailUpdate, { body: { token } });
    expect(confirm.status).toBe(409);
  });

  it('rejects an unknown token and needs a session to ask', async () => {
    const res = await t.api.call(endpoints.confirmEmailUpdate, { body: { token: 'unbekannt' } });
    expect(res.status).toBe(400);
    const ask = await t.api.call(endpoints.requestEmailChange, {
      body: { new_email: 'x@example.de' },
    });
    expect(ask.status).toBe(401);
  });
});
