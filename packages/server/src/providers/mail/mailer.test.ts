import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpPeer, type SmtpPeer } from '../../../../../tests/peers/smtp.ts';
import { tempDataDir } from '../../test/accounts.ts';
import { memoryLogger } from '../../test/app.ts';
import { createMailer } from './mailer.ts';
import { defaultLocalesDir } from '../../exports/wording.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import {
  emailChangeMail,
  passwordResetMail,
  supportConfirmationMail,
  teamInvitationMail,
} from './templates.ts';

let smtp: SmtpPeer;
beforeAll(async () => {
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await smtp?.close();
});

const LINK = 'https://protokoll.example/reset-password?token=geheim-123';

describe('mailer', () => {
  it('delivers over SMTP when SMTP_URL is set, and logs without the link', async () => {
    const outbox = join(await tempDataDir(), 'outbox');
    const { logger, lines } = memoryLogger();
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Protokoll <no-reply@protokoll.example>',
      outboxDir: outbox,
      logger,
    });
    await mailer.send(
      passwordResetMail(await translatorFor(defaultLocalesDir, 'en'), 'anna@example.de', LINK),
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({
      from: 'no-reply@protokoll.example',
      to: ['anna@example.de'],
    });
    expect(smtp.received[0]!.data).toContain('Subject: Protokoll: reset your password');
    expect(JSON.stringify(lines)).not.toContain('geheim-123');
    await expect(readdir(outbox)).rejects.toThrow();
  });

  it('writes an .eml into the outbox without SMTP', async () => {
    const outbox = join(await tempDataDir(), 'outbox');
    const { logger, lines } = memoryLogger();
    const mailer = createMailer({ smtpUrl: undefined, from: 'x@y.z', outboxDir: outbox, logger });
    await mailer.send(
      emailChangeMail(await translatorFor(defaultLocalesDir, 'de'), 'neu@example.de', LINK),
    );
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(JSON.stringify(lines)).not.toContain('geheim-123');
  });
});

describe('templates', () => {
  it('exist in German and English with text and HTML, the link escaped in HTML', async () => {
    const link = 'https://protokoll.example/update-email?token=a&b=<c>';
    const [tDe, tEn] = await Promise.all([
      translatorFor(defaultLocalesDir, 'de'),
      translatorFor(defaultLocalesDir, 'en'),
    ]);
    for (const make of [passwordResetMail, emailChangeMail]) {
      const de = make(tDe, 'a@b.de', link);
      const en = make(tEn, 'a@b.de', link);
      expect(de.subject).not.toBe(en.subject);
      expect(de.subject).toContain('Protokoll');
      expect(de.text).toContain(link);
      expect(de.html).toContain('token=a&amp;b=&lt;c&gt;');
      expect(de.html).not.toContain('<c>');
      expect(de.text).toContain('60 Minuten');
      expect(de.text).not.toMatch(/\{\{|mail\./);
      expect(en.text).toContain('60 minutes');
    }
  });

  it('greet the person by first name where the account has one, in both languages', async () => {
    const [tDe, tEn] = await Promise.all([
      translatorFor(defaultLocalesDir, 'de'),
      translatorFor(defaultLocalesDir, 'en'),
    ]);
    const anna = { firstName: 'Anna <Lena>' };
    const ticket = { ticketId: 7, subject: 'Frage', message: 'Wie?' };
    const mails = (t: typeof tDe, person?: { firstName?: string }) => [
      passwordResetMail(t, 'a@b.de', LINK, person),
      emailChangeMail(t, 'a@b.de', LINK, person),
      teamInvitationMail(t, 'a@b.de', LINK, 'Jonas Weber', person),
      supportConfirmationMail(t, 'a@b.de', ticket, person),
    ];
    for (const mail of mails(tDe, anna)) {
      expect(mail.text.split('\n')[0]).toBe('Hallo Anna <Lena>,');
      expect(mail.html).toContain('<p>Hallo Anna &lt;Lena&gt;,</p>');
    }
    for (const mail of mails(tEn, anna))
      expect(mail.text.split('\n')[0]).toBe('Hello Anna <Lena>,');
    // No name (an invitee without an account, an empty first name): the plain greeting.
    for (const mail of [...mails(tDe), ...mails(tDe, { firstName: ' ' })]) {
      expect(mail.text.split('\n')[0]).toBe('Hallo,');
    }
  });
});
