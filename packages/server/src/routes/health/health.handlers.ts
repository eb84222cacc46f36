import { ErrorCode } from '@protokoll/contract';
import { sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import type { healthRoute } from './health.routes.ts';

export const getHealth: AppRouteHandler<typeof healthRoute> = async (c) => {
  try {
    await c.var.db.execute(sql`select 1`);
  } catch (error) {
    c.var.logger.error('health check: database unreachable', { err: error });
    throw new ApiError(503, ErrorCode.SERVER, 'Database unreachable');
  }
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      status: 'ok' as const,
      version: c.var.version,
      database: c.var.dbKind,
      uptimeSeconds: Math.max(0, Math.round((Date.now() - c.var.startedAt) / 1000)),
    },
    200,
  );
};
