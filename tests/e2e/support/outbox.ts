import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** The data folder of the server under test (playwright.config.ts sets it for every worker). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** Undoes quoted-printable: soft line breaks and =XX escapes (nodemailer encodes long lines). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The first link to `path` in the newest mail to `recipient` in the server's outbox (mails are
 * written there when no SMTP server is configured). Polls briefly: the mail is sent after the
 * answer.
 */
export async function linkFromOutbox(
  recipient: string,
  path: string,
  param = 'token',
): Promise<string> {
  const outbox = join(dataDir(), 'outbox');
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?${param}=[\\w-]+`);
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
      if (!mail.includes(recipient)) continue;
      const link = pattern.exec(mail)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${recipient} with a ${path} link in ${outbox}`);
}

/**
 * The newest mail to `recipient` that holds `text` (decoded), waiting for it briefly: the answer
 * may arrive before the mail file is complete.
 */
export async function mailTo(recipient: string, text: string): Promise<string> {
  const outbox = join(dataDir(), 'outbox');
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const mail = decodeQuotedPrintable(await readFile(join(outbox, name), 'utf8'));
      const to = /^To:\s*(.+)$/im.exec(mail)?.[1] ?? '';
      if (to.includes(recipient) && mail.includes(text)) return mail;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${recipient} holding "${text}" in ${outbox}`);
}
