import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale, Messages } from '@protokoll/contract';

/*
 * The locales/*.json files as the server reads them: for `/_i18n`, for export headings and for
 * the texts of upload refusals. One parse per file, redone when the file changes, so an edit
 * there shows everywhere without a restart.
 */

const cache = new Map<string, { key: string; messages: Messages }>();

/** The messages of one locale file, parsed once and re-read after a change. */
export async function loadMessages(localesDir: string, locale: Locale): Promise<Messages> {
  const file = join(localesDir, `${locale}.json`);
  const info = await stat(file);
  const key = `${info.mtimeMs}:${info.size}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.messages;
  const messages = JSON.parse(await readFile(file, 'utf8')) as Messages;
  cache.set(file, { key, messages });
  return messages;
}

/** The text at a dotted key (`exports.summary`), or undefined when there is none. */
export function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** i18next-style `{{name}}` placeholders, the syntax of every text in locales/. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
