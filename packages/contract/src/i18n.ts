import { z } from 'zod';
import { LOCALES } from './constants.ts';
import {
  MESSAGE_GROUP_NAMES,
  messageGroupFile,
  type MessageGroup,
  type MessageTree,
} from './messages.ts';
import { defineEndpoint } from './endpoint.ts';

/** A nested message tree as served at /_i18n/{locale}/messages.json. */
export type Messages = MessageTree;
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

export const MessageGroupParam = z
  .object({
    locale: z.enum(LOCALES),
    file: z.enum(MESSAGE_GROUP_NAMES.map(messageGroupFile) as [`${MessageGroup}.json`]),
  })
  .meta({ id: 'MessageGroupParam' });

export const messageGroup = defineEndpoint({
  id: 'i18nMessageGroup',
  method: 'GET',
  path: '/_i18n/{locale}/{file}',
  tag: 'system',
  summary: 'One group of interface messages of one locale',
  auth: false,
  params: MessageGroupParam,
  response: Messages,
});
