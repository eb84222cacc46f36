import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locale, Messages } from '@protokoll/contract';
import { repoRoot } from '../lib/paths.ts';

/** The `exports.*` texts every renderer needs; a missing one is a defect of the locale files. */
export const wordingKeys = [
  'summary',
  'topics',
  'decisions',
  'actionItems',
  'transcript',
  'date',
  'duration',
  'language',
  'owner',
  'due',
  'extractive',
  'noSummary',
  'speaker',
  'page',
] as const;
export type WordingKey = (typeof wordingKeys)[number];
export type Wording = Record<WordingKey, string>;

/** Where `locales/` lives when the caller names no folder (the config's LOCALES_DIR default). */
export const defaultLocalesDir = join(repoRoot, 'locales');

/**
 * Parsed wording per file, re-read when the file changes, as `/_i18n` does: exports read the same
 * locales/*.json the interface is served from, so one edit there changes both.
 */
const cache = new Map<string, { key: string; wording: Wording }>();

export async function loadWording(
  locale: Locale,
  localesDir = defaultLocalesDir,
): Promise<Wording> {
  const file = join(localesDir, `${locale}.json`);
  const info = await stat(file);
  const key = `${info.mtimeMs}:${info.size}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.wording;
  const messages = JSON.parse(await readFile(file, 'utf8')) as Messages;
  const section = messages.exports;
  const wording = {} as Wording;
  for (const name of wordingKeys) {
    const text = typeof section === 'object' ? section[name] : undefined;
    if (typeof text !== 'string') throw new Error(`${file}: exports.${name} is missing`);
    wording[name] = text;
  }
  cache.set(file, { key, wording });
  return wording;
}

/** i18next-style `{{name}}` placeholders, the syntax of every text in locales/. */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}
