import { notFoundError } from '../lib/errors.ts';
import { loadMessages } from '../lib/locale-files.ts';
import type { AppRouteHandler } from '../http/openapi.ts';
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from '../http/context.ts';
import type { messageGroupRoute, messagesRoute } from './i18n.routes.ts';
import { pickMessageGroup, type MessageGroup } from '@protokoll/contract';

/** Clients may keep the locale messages for 24 hours (docs/i18n.md#loading-and-caching). */
export const MESSAGES_CACHE_CONTROL = 'public, max-age=86400';

export const getMessages: AppRouteHandler<typeof messagesRoute> = async (c) => {
  const { locale } = c.req.valid('param');
  const messages = await loadMessages(c.var.config.localesDir, locale);
  c.header('Cache-Control', MESSAGES_CACHE_CONTROL);
  return c.json(messages, 200);
};

/** One message group of a locale (`/_i18n/de/auth.json`), cached like the whole set. */
export const getMessageGroup: AppRouteHandler<typeof messageGroupRoute> = async (c) => {
  const { locale, file } = c.req.valid('param');
  const messages = await loadMessages(c.var.config.localesDir, locale);
  c.header('Cache-Control', MESSAGES_CACHE_CONTROL);
  return c.json(pickMessageGroup(messages, file.replace(/\.json$/, '') as MessageGroup), 200);
};

/** A locale (or group) we do not have is a missing resource, not a form error. */
export const localeHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw notFoundError('Unknown locale');
};
