// What a request says about its reader: the language of a mail or a worded refusal, and links
// back into the app.
import { LOCALE_PREFIX, type Locale } from '@protokoll/contract';
import type { Context } from 'hono';
import { preferredLocale } from '../lib/users.ts';
import { wordingFor, type Wording } from '../lib/wording.ts';
import type { AppEnv } from './context.ts';

/**
 * The language of a mail: the one the request names, else the best of Accept-Language, else the
 * account's, else German.
 */
export function mailLocale(
  c: Context<AppEnv>,
  requested: Locale | undefined,
  account?: string,
): Locale {
  return preferredLocale(requested, c.req.header('Accept-Language'), account);
}

/** A link into the web app for a mail: PUBLIC_URL (or the request's origin), locale prefix, path. */
export function appLink(
  c: Context<AppEnv>,
  locale: Locale,
  path: string,
  query: Record<string, string>,
): string {
  const base = c.var.config.publicUrl ?? new URL(c.req.url).origin;
  return `${base}${LOCALE_PREFIX[locale]}${path}?${new URLSearchParams(query).toString()}`;
}

/** The wording of a request: its Accept-Language, else the account's language, else German. */
export function requestWording(c: Context<AppEnv>, accountLocale?: string): Promise<Wording> {
  return wordingFor(c.var.config.localesDir, mailLocale(c, undefined, accountLocale));
}
