// Probes for an orchestrator (docs/architecture.md#observability), beside GET /api/health:
// /health/live answers while the process serves at all; /health/ready only when it can do its
// work: the database answers, every migration of this build is applied, storage answers.
// Neither says why in detail to the outside (the log does): they are public.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { rowsOf } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import { migrationsFolder } from '../../lib/paths.ts';

let expectedMigrations: Promise<number> | undefined;

/** How many migrations this build ships (drizzle's journal). */
function migrationsShipped(): Promise<number> {
  expectedMigrations ??= readFile(join(migrationsFolder, 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return expectedMigrations;
}

type Check = 'database' | 'migrations' | 'storage';

export const probesRouter = () =>
  new Hono<AppEnv>()
    .get('/health/live', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' as const }, 200);
    })
    .get('/health/ready', async (c) => {
      c.header('Cache-Control', 'no-store');
      const failed: Check[] = [];
      const check = async (name: Check, probe: () => Promise<boolean>) => {
        try {
          if (!(await probe())) failed.push(name);
        } catch (error) {
          c.var.logger.warn('readiness check failed', { check: name, err: error });
          failed.push(name);
        }
      };
      await check('database', async () => {
        await c.var.db.execute(sql`select 1`);
        return true;
      });
      if (!failed.includes('database')) {
        await check('migrations', async () => {
          const [row] = rowsOf<{ count: string | number }>(
            await c.var.db.execute(sql`select count(*) as count from drizzle.__drizzle_migrations`),
          );
          return Number(row?.count ?? 0) >= (await migrationsShipped());
        });
      }
      // A missing object is an answer; only a storage that cannot answer fails.
      await check('storage', async () => {
        await c.var.storage.stat('health/ready-probe');
        return true;
      });
      const checks = Object.fromEntries(
        (['database', 'migrations', 'storage'] as const).map((name) => [
          name,
          failed.includes(name) ? 'failed' : 'ok',
        ]),
      );
      return failed.length === 0
        ? c.json({ status: 'ready' as const, checks }, 200)
        : c.json({ status: 'not ready' as const, checks }, 503);
    });
