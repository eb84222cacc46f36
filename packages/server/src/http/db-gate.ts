// The middleware in front of the database gate (lib/db-gate.ts, docs/architecture.md#database-queue).
import { RESUMABLE_UPLOAD_PATH } from '@protokoll/contract';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * Runs every API request that reaches the database through the gate. Health stays outside (one
 * trivial query; a probe must not read an overloaded process as a dead one), and so does the
 * upload (multipart and resumable), which takes the gate only for its database steps rather than
 * for the minutes its body may take to arrive (routes/uploads).
 */
export function gateDatabaseRequests(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const path = c.req.path;
    const outside =
      !path.startsWith('/api/') ||
      path === '/api/health' ||
      path === '/api/openapi.json' ||
      path.startsWith('/api/docs') ||
      (c.req.method === 'POST' && path === '/api/note') ||
      path === RESUMABLE_UPLOAD_PATH ||
      path.startsWith(`${RESUMABLE_UPLOAD_PATH}/`);
    if (outside) return next();
    await c.var.dbGate.run((place) => {
      c.set('dbPlace', place);
      return next();
    });
  };
}
