import { RESUMABLE_UPLOAD_PATH, stripeWebhook, uploadNote, ErrorCode } from '@protokoll/contract';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context.ts';
import { ApiError } from '../lib/errors.ts';

export const BODY_TOO_LARGE_MESSAGE = 'Request body too large';

export interface BodyLimits {
  /** Every body but the two below. */
  json: number;
  /** The payment provider's events, read raw for their signature. */
  webhook: number;
}

/** Calls whose body has a limit of its own: the upload streams to disk and counts itself. */
const OWN_LIMIT = new Set([`${uploadNote.method} ${uploadNote.path}`]);
const WEBHOOK = `${stripeWebhook.method} ${stripeWebhook.path}`;

function tooLarge(): never {
  // The rest of the body stays unread, and the Node adapter drops such a connection shortly
  // after the answer (it drains for at most 500 ms): saying so keeps a client from sending its
  // next request on it.
  throw new ApiError(413, ErrorCode.INVALID_INPUT, BODY_TOO_LARGE_MESSAGE, undefined, {
    closeConnection: true,
  });
}

/**
 * Refuses a request body over its limit with 413 before anyone parses it: by Content-Length when
 * the client sent one, else while the chunks arrive (at most the limit is ever held). Runs before
 * authentication, so an anonymous client cannot make the server read a large body either.
 */
export function limitBodies(limits: BodyLimits): MiddlewareHandler<AppEnv> {
  const json = bodyLimit({ maxSize: limits.json, onError: tooLarge });
  const webhook = bodyLimit({ maxSize: limits.webhook, onError: tooLarge });
  return (c, next) => {
    // No body to limit (the Node adapter hands none on): asking for one would build the request's
    // web Request object, a cost every read would pay (docs/architecture.md#hot-queries).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const route = `${c.req.method} ${c.req.path}`;
    if (OWN_LIMIT.has(route)) return next();
    // The resumable upload: tus bounds every body by the upload's declared length.
    if (
      c.req.path === RESUMABLE_UPLOAD_PATH ||
      c.req.path.startsWith(`${RESUMABLE_UPLOAD_PATH}/`)
    ) {
      return next();
    }
    return (route === WEBHOOK ? webhook : json)(c, next);
  };
}
