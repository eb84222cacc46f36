import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { I18N_OPTIONS, type Locale, type Messages } from '@protokoll/contract';
import i18next, { type i18n } from 'i18next';

/*
 * The locales/*.json files as the server reads them: for `/_i18n`, mails, export headings and the
 * texts of upload refusals. One parse per file, redone when the file changes, so an edit there
 * shows everywhere without a restart. Texts are translated by i18next with the interface's
 * options (docs/i18n.md#server-side-texts): one engine and one format for browser and server.
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

/** A text by dotted key, `{{name}}` filled from `values`; an unknown key comes back as itself. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const instances = new Map<string, { files: Messages[]; i18n: i18n }>();

/**
 * One i18next instance over the file of `locale` and the fallback's (German) in `localesDir`,
 * made anew when one of them changed.
 */
async function instanceFor(localesDir: string, locale: Locale): Promise<i18n> {
  const locales = [...new Set([locale, I18N_OPTIONS.fallbackLng])];
  const files = await Promise.all(locales.map((lng) => loadMessages(localesDir, lng)));
  const key = `${localesDir}\0${locale}`;
  const hit = instances.get(key);
  if (hit && hit.files.every((file, index) => file === files[index])) return hit.i18n;
  const instance = i18next.createInstance();
  void instance.init({
    ...I18N_OPTIONS,
    lng: locale,
    resources: Object.fromEntries(
      locales.map((lng, index) => [lng, { translation: files[index]! }]),
    ),
  });
  instances.set(key, { files, i18n: instance });
  return instance;
}

/** The translator of one locale. */
export async function translatorFor(localesDir: string, locale: Locale): Promise<Translate> {
  const t = (await instanceFor(localesDir, locale)).getFixedT(locale);
  // Keys here come from code paths and data (`processing.*`), not literals: untyped on purpose.
  const loose = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  return (key, values) => loose(key, values);
}

/** Whether `key` has a text (exports check their headings at load). */
export async function hasText(localesDir: string, locale: Locale, key: string): Promise<boolean> {
  return (await instanceFor(localesDir, locale)).exists(key, { lng: locale, fallbackLng: false });
}

const formatter = i18next.createInstance();
void formatter.init({ ...I18N_OPTIONS, lng: I18N_OPTIONS.fallbackLng, resources: {} });

/**
 * i18next's interpolation of a text looked up earlier (a PDF's `{{page}} / {{total}}` footer,
 * filled per page); a placeholder without a value stays as written.
 */
export function interpolate(text: string, values: Record<string, string | number>): string {
  return formatter.services.interpolator.interpolate(text, values, formatter.language, {});
}
