import { mkdir } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { pgliteDir, type Config } from '../config.ts';
import { silentLogger, type Logger } from '../lib/logger.ts';
import { migratePglite, migratePostgres } from './migrate.ts';
import { initialisePgliteDir, pgliteOptions } from './pglite-settings.ts';
import * as schema from './schema.ts';

/** The drizzle database handlers use; both drivers fit it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = 'pglite' | 'postgres';

/** The rows of a raw query; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** An open database: the drizzle instance, which engine it runs on, and how to close it. */
export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (from any process on PostgreSQL, from this
   * instance on PGlite); answers the function that stops listening. Missing on a database that
   * cannot listen (a test's stand-in): callers then poll.
   */
  listen?(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

/** LISTEN on PGlite: notifications of its own sessions, delivered after their commit. */
export function pgliteListener(client: PGlite): NonNullable<Database['listen']> {
  return async (channel, onNotify) => {
    const unlisten = await client.listen(channel, () => onNotify());
    return async () => {
      if (!client.closed) await unlisten();
    };
  };
}

/** How long a lost LISTEN connection waits before it connects again. */
const RELISTEN_MS = 1_000;

/**
 * LISTEN on PostgreSQL: one connection of its own outside the pool (a pooled one would be handed
 * to queries), connected again after a loss; `onNotify` is also called after each reconnection,
 * since notifications sent while it was away are gone.
 */
export function postgresListener(url: string, logger: Logger): NonNullable<Database['listen']> {
  return async (channel, onNotify) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (first: boolean): Promise<void> => {
      const next = new pg.Client({ connectionString: url });
      next.on('notification', (message) => {
        if (message.channel === channel) onNotify();
      });
      next.on('error', (error) => {
        logger.warn('job notifications lost, listening again', { err: error });
        next.end().catch(() => {});
        if (client === next) client = undefined;
        if (!stopped) retry = setTimeout(() => void reconnect(), RELISTEN_MS);
      });
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (stopped) {
        await next.end();
        return;
      }
      client = next;
      if (!first) onNotify();
    };
    const reconnect = () =>
      connect(false).catch((error: unknown) => {
        logger.warn('could not listen for job notifications', { err: error });
        if (!stopped) retry = setTimeout(() => void reconnect(), RELISTEN_MS);
      });
    await connect(true);
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = undefined;
    };
  };
}

export interface OpenOptions {
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  logger?: Logger;
  /**
   * PostgreSQL's pool: at most `max` connections, and a query waits at most `timeoutMs` for one
   * (then it fails, answered as 503; lib/db-errors.ts `isPoolTimeout`). Defaults: 10 and 5 s.
   */
  pool?: { max: number; timeoutMs: number };
}

/**
 * How long PGlite's statements may keep the server's thread before the event loop gets a turn
 * (docs/architecture.md#pglite-turns).
 */
export const PGLITE_SLICE_MS = 5;

/**
 * PGlite that gives the event loop a turn whenever its statements have held the server's thread
 * for PGLITE_SLICE_MS (docs/architecture.md#pglite-turns). Its WebAssembly runs on that thread
 * and passes its lock to the next waiting statement in a promise callback, so a line of waiting
 * requests used to run statement after statement in one stretch: 2.7 s measured at 200
 * connections, while no socket was read, no connection accepted and no timer (the gate's wait
 * limit) run. Statements still run one at a time and in call order.
 */
export class TurnTakingPGlite extends PGlite {
  #sliceStart = performance.now();
  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `work` after the statements before it, in a fresh turn once the slice is used up. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    // PGlite's own start-up runs statements through these methods: they go first.
    if (!this.ready) return work();
    const run = this.#tail.then(async () => {
      if (performance.now() - this.#sliceStart >= PGLITE_SLICE_MS) {
        await nextTurn();
        this.#sliceStart = performance.now();
      }
      return work();
    });
    this.#tail = run.catch(() => undefined);
    return run;
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions) {
    return this.#inTurn(() => super.query<T>(query, params, options));
  }

  override exec(query: string, options?: QueryOptions) {
    return this.#inTurn(() => super.exec(query, options));
  }

  override transaction<T>(callback: (tx: Transaction) => Promise<T>) {
    return this.#inTurn(() => super.transaction(callback));
  }
}

/**
 * The embedded database: PGlite with its files in `dataDir`, or in memory when `dataDir` is
 * undefined (tests).
 */
export async function openPglite(
  dataDir: string | undefined,
  options: OpenOptions = {},
): Promise<Database> {
  if (dataDir) {
    await mkdir(dataDir, { recursive: true });
    await initialisePgliteDir(dataDir);
  }
  const client = dataDir
    ? new TurnTakingPGlite(dataDir, pgliteOptions())
    : new TurnTakingPGlite(pgliteOptions());
  const db = drizzlePglite({ client, schema });
  try {
    if (options.migrate !== false) await migratePglite(db);
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, kind: 'pglite', close: () => client.close(), listen: pgliteListener(client) };
}

export async function openPostgres(url: string, options: OpenOptions = {}): Promise<Database> {
  const logger = options.logger ?? silentLogger;
  // Bounded both ways: a process never opens more than `max` connections, and a request never
  // waits forever for one (node-postgres waits without limit by default).
  const pool = new pg.Pool({
    connectionString: url,
    max: options.pool?.max ?? 10,
    connectionTimeoutMillis: options.pool?.timeoutMs ?? 5_000,
  });
  // An idle client losing its connection emits here; unhandled it would crash the process.
  pool.on('error', (error) => logger.error('postgres pool error', { err: error }));
  const db = drizzlePg({ client: pool, schema });
  try {
    await db.execute(sql`select 1`);
    if (options.migrate !== false) await migratePostgres(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    listen: postgresListener(url, logger),
  };
}

/** PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite; migrated unless told not to. */
export function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'database'>>,
  options: OpenOptions = {},
): Promise<Database> {
  const pool = config.database
    ? { max: config.database.poolMax, timeoutMs: config.database.poolTimeoutMs }
    : undefined;
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, { ...(pool ? { pool } : {}), ...options })
    : openPglite(pgliteDir(config), options);
}
