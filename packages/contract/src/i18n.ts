import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';

/** A nested message tree as served at /_i18n/{locale}/messages.json. */
export type Messages = { [key: string]: string | Messages };
export const Messages: z.ZodType<Messages> = z
  .lazy(() => z.record(z.string(), z.union([z.string(), Messages])))
  .meta({ id: 'Messages' });

export const LocaleParam = z.object({ locale: z.enum(LOCALES) }).meta({ id: 'LocaleParam' });

export const messages = defineEndpoint({
  id: 'i18nMessages',
  method: 'GET',
  path: '/_i18n/{locale}/messages.json',
  tag: 'system',
  summary: 'Interface messages of one locale',
  auth: false,
  params: LocaleParam,
  response: Messages,
});
