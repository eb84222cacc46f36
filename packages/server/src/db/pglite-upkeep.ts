// What autovacuum does on PostgreSQL, done for PGlite (docs/architecture.md#pglite-upkeep).
import { sql } from 'drizzle-orm';
import type { Logger } from '../lib/logger.ts';
import { startPeriodic, type Periodic } from '../lib/periodic.ts';
import { rowsOf, type Db } from './client.ts';

/** How often the server looks for tables to vacuum or analyze. */
export const PGLITE_UPKEEP_INTERVAL_MS = 5 * 60_000;

interface TableState {
  name: string;
  vacuum: boolean;
}

/**
 * The tables that need it, by autovacuum's default rules: ANALYZE once 50 rows plus 10 % of the
 * table changed since the last one (or it never ran), VACUUM once 50 rows plus 20 % are dead.
 */
export async function tablesDue(db: Db): Promise<TableState[]> {
  const result = await db.execute(sql`
    select relname as name,
      n_dead_tup > 50 + 0.2 * n_live_tup as vacuum,
      (last_analyze is null and last_autoanalyze is null)
        or n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
    from pg_stat_user_tables
    where schemaname = 'public'
    order by relname`);
  return rowsOf<TableState & { analyze: boolean }>(result)
    .filter((table) => table.vacuum || table.analyze)
    .map(({ name, vacuum }) => ({ name, vacuum }));
}

/** Vacuums or analyzes each table that is due; answers which it did. */
export async function upkeep(db: Db): Promise<TableState[]> {
  const due = await tablesDue(db);
  for (const table of due) {
    await db.execute(
      table.vacuum
        ? sql`vacuum (analyze) ${sql.identifier(table.name)}`
        : sql`analyze ${sql.identifier(table.name)}`,
    );
  }
  return due;
}

/**
 * PGlite runs PostgreSQL as a single-user backend, where autovacuum never runs: without this the
 * planner would know nothing of the tables' sizes (it picked a nested loop that read every note
 * 500 times for one search page) and dead rows of updated notes would never be reclaimed. Runs at
 * start and every PGLITE_UPKEEP_INTERVAL_MS.
 */
export function startPgliteUpkeep(
  db: Db,
  logger: Logger,
  intervalMs = PGLITE_UPKEEP_INTERVAL_MS,
): Periodic {
  return startPeriodic(async () => {
    try {
      const done = await upkeep(db);
      if (done.length > 0) {
        logger.info('database upkeep', {
          vacuumed: done.filter((table) => table.vacuum).map((table) => table.name),
          analyzed: done.map((table) => table.name),
        });
      }
    } catch (error) {
      logger.warn('database upkeep failed', { err: error });
    }
  }, intervalMs);
}
