import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endpoints, LoginResponse, type RegisterBody } from '@protokoll/contract';
import { expect } from 'vitest';
import type { App } from '../app.ts';
import type { Config, Env } from '../config.ts';
import type { Database } from '../db/client.ts';
import { testApp, testConfig } from './app.ts';
import { testClient, type TestClient } from './client.ts';

/** Temporary DATA_DIRs, removed after each test file (`test/setup.ts`). */
const dirs: string[] = [];
export async function removeTempDataDirs(): Promise<void> {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
}

export async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'protokoll-accounts-'));
  dirs.push(dir);
  return dir;
}

export interface AccountsApp {
  app: App;
  config: Config;
  /** The app's API as the contract describes it. */
  api: TestClient;
  dataDir: string;
  logs: Record<string, unknown>[];
}

/** The app on `database` with its own DATA_DIR (outbox, audio) and the given variables. */
export async function accountsApp(
  database: Database,
  env: Env = {},
  deps: Parameters<typeof testApp>[2] = {},
): Promise<AccountsApp> {
  const dataDir = await tempDataDir();
  const { app, config, logs } = testApp(
    database,
    testConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://protokoll.example', ...env }),
    deps,
  );
  return { app, config, api: testClient(app), dataDir, logs };
}

let counter = 0;

/** A unique, valid registration form. */
export function registration(overrides: Partial<RegisterBody> = {}): RegisterBody {
  counter += 1;
  return {
    first_name: 'Anna',
    last_name: 'Muster',
    email: `anna.${counter}.${Math.random().toString(36).slice(2, 8)}@example.de`,
    password: 'richtig-geheim-1',
    accept_terms: true,
    ...overrides,
  };
}

export interface SignedUp extends LoginResponse {
  email: string;
  password: string;
}

/** Registers a fresh account and returns its session. */
export async function signUp(
  api: TestClient,
  overrides: Partial<RegisterBody> = {},
): Promise<SignedUp> {
  const form = registration(overrides);
  const res = await api.call(endpoints.register, { body: form });
  expect(res.status).toBe(200);
  // A sign-up signs in: the answer carries everything a login answer does.
  return { ...LoginResponse.parse(res.body), email: form.email, password: form.password };
}

export interface OutboxMail {
  file: string;
  to: string;
  /** Decoded text and HTML bodies together. */
  body: string;
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i += 1) {
    const hex = source[i] === '=' ? source.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes each MIME part of an .eml by its transfer encoding (enough for nodemailer's output). */
function decodeParts(raw: string): string {
  // Split on the message's own boundary: a body line may start with "--" too (a wrapped token).
  const boundary = /boundary="?([^"\s;]+)"?/i.exec(raw)?.[1];
  const escaped = boundary?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = raw.split(
    escaped ? new RegExp(`\\r?\\n--${escaped}(?:--)?\\r?\\n?`) : /\n--[^\n]+\n/,
  );
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const content = rest.join('\n\n');
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
      if (encoding === 'quoted-printable') return decodeQuotedPrintable(content);
      if (encoding === 'base64')
        return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString();
      return content;
    })
    .join('\n');
}

/** Every mail in DATA_DIR/outbox, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => {
      const raw = await readFile(join(dir, name), 'utf8');
      const to = /^To:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '';
      return { file: join(dir, name), to, body: decodeParts(raw), raw };
    }),
  );
}

/** The token of the first link to `path` in a mail, e.g. `/reset-password`. */
export function tokenFromMail(mail: OutboxMail, path: string, param = 'token'): string {
  const escaped = path.replace(/[/]/g, '\\/');
  const match = new RegExp(`${escaped}\\?${param}=([A-Za-z0-9_-]+)`).exec(mail.body);
  if (!match?.[1]) throw new Error(`no ${path} link in mail to ${mail.to}`);
  return match[1];
}

/** The last mail sent to `to`. */
export async function lastMailTo(dataDir: string, to: string): Promise<OutboxMail> {
  const mails = (await readOutbox(dataDir)).filter((mail) => mail.to.includes(to));
  const mail = mails.at(-1);
  if (!mail) throw new Error(`no mail to ${to} in the outbox`);
  return mail;
}
