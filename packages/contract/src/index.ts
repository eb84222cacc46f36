export * from './constants.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './health.ts';
export * from './i18n.ts';
export * from './routes.ts';

import type { Endpoint } from './endpoint.ts';
import { health } from './health.ts';
import { messages } from './i18n.ts';

/** Every call of the API, keyed by endpoint id. The server mounts and documents exactly these. */
export const endpoints = {
  health,
  i18nMessages: messages,
} satisfies Record<string, Endpoint>;
