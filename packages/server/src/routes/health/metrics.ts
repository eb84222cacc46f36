// GET /metrics for Prometheus (docs/architecture.md#observability), for the operator only:
// without METRICS_TOKEN the route does not exist (404, as any unknown path); with it, a scrape
// without `Authorization: Bearer <METRICS_TOKEN>` is answered 401.
import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { registry } from '../../lib/metrics.ts';

const digest = (text: string) => createHash('sha256').update(text).digest();

export const metricsRouter = (token: string | undefined) => {
  const router = new Hono<AppEnv>();
  if (!token) return router;
  const expected = digest(`Bearer ${token}`);
  return router.get('/metrics', async (c) => {
    // Compared as digests: equal length, constant time, whatever was sent.
    if (!timingSafeEqual(digest(c.req.header('Authorization') ?? ''), expected)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('Unauthorized\n', 401);
    }
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', registry.contentType);
    return c.body(await registry.metrics(), 200);
  });
};
