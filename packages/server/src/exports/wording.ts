import { join } from 'node:path';
import type { Locale } from '@protokoll/contract';
import { loadMessages, lookup } from '../lib/locale-files.ts';
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

/** The `exports.*` texts of a locale (the file is parsed once and re-read after a change). */
export async function loadWording(
  locale: Locale,
  localesDir = defaultLocalesDir,
): Promise<Wording> {
  const messages = await loadMessages(localesDir, locale);
  const wording = {} as Wording;
  for (const name of wordingKeys) {
    const text = lookup(messages, `exports.${name}`);
    if (text === undefined) throw new Error(`${locale}.json: exports.${name} is missing`);
    wording[name] = text;
  }
  return wording;
}
