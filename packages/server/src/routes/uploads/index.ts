import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { requireAuth } from '../../lib/auth/middleware.ts';
import { createRouter } from '../../lib/openapi.ts';
import { uploadNoteHandler } from './uploads.handlers.ts';
import { createUploadSlots } from './slots.ts';
import { uploadNoteRoute } from './uploads.routes.ts';

/**
 * `requireAuth` inside the database gate, which the app leaves to this route
 * (lib/db-gate.ts): the place is given back before the body is read.
 */
const requireAuthGated: MiddlewareHandler<AppEnv> = async (c, next) => {
  await c.var.dbGate.run(() => requireAuth(c, async () => {}));
  await next();
};

/**
 * The upload is documented from the contract like every call but routed by hand: the generated
 * validator would read the whole multipart body into memory before the handler runs, and the
 * handler streams it to disk instead (validating the fields with the same contract schema).
 */
export const uploadsRouter = () => {
  const router = createRouter();
  // routeFor's own middleware is requireAuth (the contract marks the call `auth: true`).
  const { middleware: _middleware, ...documented } = uploadNoteRoute as unknown as RouteConfig;
  router.openAPIRegistry.registerPath(documented);
  // One count of uploads in flight per app: MAX_CONCURRENT_UPLOADS_PER_USER holds per process.
  router.post(uploadNoteRoute.path, requireAuthGated, uploadNoteHandler(createUploadSlots()));
  return router;
};
