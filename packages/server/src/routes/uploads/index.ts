import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { RESUMABLE_UPLOAD_PATH } from '@protokoll/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { DbGate } from '../../lib/db-gate.ts';
import type { Storage } from '../../providers/storage/storage.ts';
import { requireAuth } from '../../http/auth.ts';
import { createRouter } from '../../http/openapi.ts';
import { resumableUploadDocs } from './resumable-docs.ts';
import { createResumableUploads } from './resumable.ts';
import { uploadNoteHandler } from './uploads.handlers.ts';
import { createUploadSlots } from './slots.ts';
import { uploadNoteRoute } from './uploads.routes.ts';

/**
 * `requireAuth` inside the database gate, which the app leaves to these routes
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
 * The resumable upload (tus) beside it is documented by hand: a tus client speaks that protocol.
 */
export const uploadsRouter = ({
  config,
  db,
  storage,
  dbGate,
}: {
  config: Config;
  db: Db;
  storage: Storage;
  dbGate: DbGate;
}) => {
  const router = createRouter();
  // routeFor's own middleware is requireAuth (the contract marks the call `auth: true`).
  const { middleware: _middleware, ...documented } = uploadNoteRoute as unknown as RouteConfig;
  router.openAPIRegistry.registerPath(documented);
  for (const route of resumableUploadDocs) router.openAPIRegistry.registerPath(route);
  // One count of uploads in flight per app: MAX_CONCURRENT_UPLOADS_PER_USER holds per process,
  // for both kinds of upload together.
  const slots = createUploadSlots();
  router.post(uploadNoteRoute.path, requireAuthGated, uploadNoteHandler(slots));
  const resumable = createResumableUploads({ config, slots, db, storage, dbGate });
  router.post(RESUMABLE_UPLOAD_PATH, requireAuthGated, (c) => resumable.handle(c));
  // HEAD arrives through the GET route (Hono); the handler refuses a real GET.
  router.on(['GET', 'PATCH', 'DELETE'], `${RESUMABLE_UPLOAD_PATH}/:id`, requireAuthGated, (c) =>
    resumable.handle(c),
  );
  return router;
};
