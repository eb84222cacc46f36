import type { Locale } from '@protokoll/contract';

/**
 * How a mail reaches its reader, decided by the request that causes it: the language (the one
 * asked for, else the request's Accept-Language, else the account's) and links into the web app.
 * Handlers build it from the request (routes/mail-reach.ts); operations only call it.
 */
export interface MailReach {
  /** The mail's language for an account whose stored language is `accountLocale`. */
  locale(accountLocale?: string): Locale;
  /** A link into the web app in `locale`, e.g. `/reset-password?token=…`. */
  link(locale: Locale, path: string, query: Record<string, string>): string;
}
