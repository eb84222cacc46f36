import type { RequestHandler } from 'msw';
import { systemHandlers } from './handlers/system.ts';

export { system } from './handlers/system.ts';
export { errorResponse } from './respond.ts';

/**
 * Default handlers keyed by resource. Storybook's preview sets all of them; a story overrides one
 * key through `parameters.msw.handlers.<resource>`.
 */
export const defaultHandlers = {
  system: systemHandlers,
} satisfies Record<string, RequestHandler[]>;

export type Resource = keyof typeof defaultHandlers;
