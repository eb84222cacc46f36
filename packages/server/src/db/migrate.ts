import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePgliteDb } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgresDb } from 'drizzle-orm/node-postgres/migrator';
import type { Pool } from 'pg';
import { migrationsFolder } from '../lib/paths.ts';
import type * as schema from './schema.ts';

/** Arbitrary constant naming our migration lock among other advisory locks. */
const MIGRATION_LOCK_KEY = 741_205_001;

export async function migratePglite(db: PgliteDatabase<typeof schema>): Promise<void> {
  await migratePgliteDb(db, { migrationsFolder });
}

/**
 * Several API and worker processes may start at once against one PostgreSQL: a session-level
 * advisory lock makes them apply the migrations one after another instead of racing.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePostgresDb(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
