import { endpoints } from '@protokoll/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportTickets } from '../../db/schema.ts';
import {
  accountsApp,
  readOutbox,
  signUp,
  type AccountsApp,
  type SignedUp,
} from '../../test/accounts.ts';
import { useTestDatabase } from '../../test/db.ts';
import { seedNote } from '../../test/notes.ts';

const database = useTestDatabase();
let t: AccountsApp;
beforeAll(async () => {
  t = await accountsApp(database(), { SUPPORT_EMAIL: 'hilfe@protokoll.example' });
});

const form = {
  category: 'billing' as const,
  subject: 'Rechnung an neue Adresse',
  message: 'Bitte senden Sie die Rechnung\nan unsere neue Adresse.',
};

async function send(account: SignedUp, body: object, headers?: Record<string, string>) {
  return t.api.unchecked(endpoints.createSupportRequest, { token: account.token, body, headers });
}

describe('POST /api/support', () => {
  it('stores a ticket and mails support (with who wrote it) and the sender', async () => {
    const anna = await signUp(t.api);
    const before = (await readOutbox(t.dataDir)).length;
    const res = await t.api.call(endpoints.createSupportRequest, {
      token: anna.token,
      body: form,
    });
    expect(res.status).toBe(200);
    const ticketId = res.body.ticket_id;
    const [row] = await database()
      .db.select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId));
    expect(row).toMatchObject({
      userId: anna.user.id,
      email: anna.email,
      category: 'billing',
      subject: form.subject,
      message: form.message,
      noteId: null,
      status: 'open',
    });
    const mails = (await readOutbox(t.dataDir)).slice(before);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [anna.email, 'hilfe@protokoll.example'].sort(),
    );
    const inbox = mails.find((mail) => mail.to.includes('hilfe@'))!;
    expect(inbox.body).toContain(`Konto-ID: ${anna.user.id}`);
    expect(inbox.body).toContain(`E-Mail: ${anna.email}`);
    expect(inbox.body).toContain('an unsere neue Adresse.');
    const copy = mails.find((mail) => mail.to.includes(anna.email))!;
    expect(copy.raw).toMatch(/Subject: .*Nachricht/);
    expect(copy.body).toContain(`#${ticketId}`);
  });

  it('writes the confirmation in the language of the request', async () => {
    const bob = await signUp(t.api);
    const res = await send(bob, form, { 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(res.status).toBe(200);
    const copy = (await readOutbox(t.dataDir))
      .filter((mail) => mail.to.includes(bob.email))
      .at(-1)!;
    expect(copy.body).toContain('thank you for your message');
  });

  it('names one of the sender’s own notes, and answers 404 for anyone else’s', async () => {
    const anna = await signUp(t.api);
    const bob = await signUp(t.api);
    const own = await seedNote(database().db, anna.user.id);
    const foreign = await seedNote(database().db, bob.user.id);
    const ok = await send(anna, { ...form, note_id: own.id });
    expect(ok.status).toBe(200);
    const [row] = await database()
      .db.select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, anna.user.id));
    expect(row?.noteId).toBe(own.id);
    const refused = await send(anna, { ...form, note_id: foreign.id });
    expect(refused.status).toBe(404);
    expect(refused.error).toMatchObject({ code: 'notFound' });
  });

  it('refuses an incomplete form with field issues and stores nothing', async () => {
    const anna = await signUp(t.api);
    const res = await send(anna, { category: 'spam', subject: '  ', message: '' });
    expect(res.status).toBe(422);
    expect(res.error.code).toBe('validation');
    expect(res.error.issues?.map((issue) => issue.path).sort()).toEqual([
      'category',
      'message',
      'subject',
    ]);
    const tooLong = await send(anna, { ...form, subject: 'x'.repeat(201) });
    expect(tooLong.error.issues).toEqual([{ path: 'subject', message: 'validation.tooLong' }]);
    const rows = await database()
      .db.select()
      .from(supportTickets)
      .where(eq(supportTickets.userId, anna.user.id));
    expect(rows).toEqual([]);
  });

  it('limits messages per account with a 429 and Retry-After', async () => {
    const limited = await accountsApp(database(), { RATE_LIMIT_SUPPORT: '2/1h' });
    const anna = await signUp(limited.api);
    const bob = await signUp(limited.api);
    for (let i = 0; i < 2; i += 1) {
      const res = await limited.api.call(endpoints.createSupportRequest, {
        token: anna.token,
        body: form,
      });
      expect(res.status).toBe(200);
    }
    const third = await limited.api.call(endpoints.createSupportRequest, {
      token: anna.token,
      body: form,
    });
    expect(third.status).toBe(429);
    expect(third.error).toMatchObject({ code: 'tooManyAttempts' });
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another account is not affected.
    const other = await limited.api.call(endpoints.createSupportRequest, {
      token: bob.token,
      body: form,
    });
    expect(other.status).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.api.call(endpoints.createSupportRequest, { body: form });
    expect(res.status).toBe(401);
  });
});
