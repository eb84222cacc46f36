import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Messages } from '@protokoll/contract';
import { notFoundError } from '../lib/errors.ts';
import type { AppRouteHandler } from '../lib/openapi.ts';
import type { Hook } from '@hono/zod-openapi';
import type { AppEnv } from '../lib/context.ts';
import type { messagesRoute } from './i18n.routes.ts';

/** SPEC §9: clients may keep the locale messages for 24 hours. */
export const MESSAGES_CACHE_CONTROL = 'public, max-age=86400';

/** Parsed files, re-read when their modification time or size changes. */
const cache = new Map<string, { key: string; messages: Messages }>();

async function loadMessages(file: string): Promise<Messages> {
  const info = await stat(file);
  const key = `${info.mtimeMs}:${info.size}`;
  const hit = cache.get(file);
  if (hit?.key === key) return hit.messages;
  const messages = JSON.parse(await readFile(file, 'utf8')) as Messages;
  cache.set(file, { key, messages });
  return messages;
}

export const getMessages: AppRouteHandler<typeof messagesRoute> = async (c) => {
  const { locale } = c.req.valid('param');
  const messages = await loadMessages(join(c.var.config.localesDir, `${locale}.json`));
  c.header('Cache-Control', MESSAGES_CACHE_CONTROL);
  return c.json(messages, 200);
};

/** A locale we do not have is a missing resource, not a form error. */
export const localeHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw notFoundError('Unknown locale');
};
