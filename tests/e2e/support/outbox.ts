/** The data folder of the server under test (playwright.config.ts sets it for every worker). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return dir;
}

/**
 * Undoes quoted-printable (nodemailer encodes long lines and every non-ASCII byte): soft line
 * breaks and =XX escapes, the bytes then read as UTF-8.
 */
function decodeQuotedPrintable(text: string): string {
  const bytes = Buffer.from(text.replace(/=\r?\n/g, ''), 'utf8');
  const decoded: number[] = [];
  for (let index = 0; index < bytes.length; index++) {
    const hex = bytes.subarray(index + 1, index + 3).toString('latin1');
    if (bytes[index] === 0x3d && /^[0-9A-F]{2}$/.test(hex)) {
      decoded.push(parseInt(hex, 16));
      index += 2;
    } else decoded.push(bytes[index]!);
  }
  return Buffer.from(decoded).toString('utf8');
}

/** Every mail the SMTP peer received from the server under test, newest first, decoded. */
async function receivedMails(): Promise<string[]> {
  const url = process.env.E2E_SMTP_MAILS_URL;
  if (!url) throw new Error('E2E_SMTP_MAILS_URL is not set: run through playwright.config.ts');
  const answer = await fetch(url);
  const mails = (await answer.json()) as { data: string }[];
  return mails.map((mail) => decodeQuotedPrintable(mail.data)).reverse();
}

/** Asks `find` of the received mails until it answers, for a while: a mail may follow its answer. */
async function waitForMail<T>(find: (mails: string[]) => T | undefined, what: string): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const found = find(await receivedMails());
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail ${what} at the SMTP peer`);
}

/**
 * The first link to `path` in the newest mail to `recipient` the server sent (over SMTP to the
 * SMTP peer, playwright.config.ts). Polls briefly: the mail is sent after the answer.
 */
export function linkFromOutbox(recipient: string, path: string, param = 'token'): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path.replace('/', '\\/')}\\?${param}=[\\w-]+`);
  return waitForMail(
    (mails) =>
      mails
        .filter((mail) => mail.includes(recipient))
        .map((mail) => pattern.exec(mail)?.[0])
        .find((link) => link !== undefined),
    `to ${recipient} with a ${path} link`,
  );
}

/** The newest mail to `recipient` that holds `text` (decoded), waiting for it briefly. */
export function mailTo(recipient: string, text: string): Promise<string> {
  return waitForMail(
    (mails) =>
      mails.find(
        (mail) =>
          (/^To:\s*(.+)$/im.exec(mail)?.[1] ?? '').includes(recipient) && mail.includes(text),
      ),
    `to ${recipient} holding "${text}"`,
  );
}
