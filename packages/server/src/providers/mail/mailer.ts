import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../../lib/logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends mail. One real implementation (nodemailer); tests read its outbox folder. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  /** SMTP connection URL; without it every message becomes an .eml file in `outboxDir`. */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  logger: Logger;
}

/**
 * Mail over SMTP when configured. Otherwise the message is rendered by nodemailer's stream
 * transport into DATA_DIR/outbox as an .eml file and announced in the log (recipient and subject
 * only: bodies hold one-time links).
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, outboxDir, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
        logger.info('mail sent', { to: message.to, subject: message.subject });
      },
    };
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      logger.info('mail written to outbox (SMTP_URL not set)', {
        to: message.to,
        subject: message.subject,
        file,
      });
    },
  };
}

/** Where unsent mail goes without SMTP. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}
