import type { Locale } from '@protokoll/contract';
import type { Context } from 'hono';
import type { MailReach } from '../domain/accounts/mail-reach.ts';
import type { AppEnv } from '../http/context.ts';
import { appLink, mailLocale } from '../http/request-locale.ts';

/** The request's MailReach: `requested` is a language the body names explicitly, if any. */
export function mailReachOf(c: Context<AppEnv>, requested?: Locale): MailReach {
  return {
    locale: (accountLocale) => mailLocale(c, requested, accountLocale),
    link: (locale, path, query) => appLink(c, locale, path, query),
  };
}
