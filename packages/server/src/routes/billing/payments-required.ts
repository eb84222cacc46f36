import type { MiddlewareHandler } from 'hono';
import { paymentsDisabled } from '../../domain/billing/deps.ts';
import type { AppEnv } from '../../lib/context.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import { mailLocale } from '../../lib/users.ts';

/** Payments off: a clear answer in the language of the request, before anything else happens. */
export const paymentsRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.var.payments) return next();
  const t = await translatorFor(c.var.config.localesDir, mailLocale(c, undefined));
  throw paymentsDisabled(t('errors.paymentsDisabled'));
};
