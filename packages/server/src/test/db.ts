import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openPostgres, pgliteListener, TurnTakingPGlite, type Database } from '../db/client.ts';
import { migratePglite } from '../db/migrate.ts';
import * as schema from '../db/schema.ts';

/** A fresh database for one test file; `close()` also throws it away. */
export interface TestDatabase extends Database {
  /** Connection string of the fresh PostgreSQL database (undefined on PGlite). */
  url: string | undefined;
}

/** Which engine the tests run on: the Vitest project sets TEST_DB. */
export const testDbKind: 'pglite' | 'postgres' =
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** PGlite's version (its package.json is not exported, so walk up from its entry point). */
function pgliteVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  for (;;) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@electric-sql/pglite' && pkg.version) return pkg.version;
    } catch {
      // no package.json at this level
    }
    const parent = dirname(dir);
    if (parent === dir) return 'unknown';
    dir = parent;
  }
}

/**
 * PGlite's initdb costs several seconds per instance. An empty, freshly initialised cluster is
 * dumped once per PGlite version into the temp folder, and each test database starts from that
 * dump; the migrations still run on every test database from scratch.
 */
async function emptyClusterDump(): Promise<Blob> {
  const file = join(tmpdir(), `protokoll-pglite-${pgliteVersion()}-empty.tar.gz`);
  try {
    return new Blob([await readFile(file)], { type: 'application/x-gzip' });
  } catch {
    const fresh = new PGlite();
    // dumpDataDir does not wait for initdb itself; without this it never settles.
    await fresh.waitReady;
    const dump = await fresh.dumpDataDir('gzip');
    await fresh.close();
    // Written aside and renamed, so a parallel test file never reads half a dump.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

export interface TestDatabaseOptions {
  /** Apply the migrations (default true); false gives an empty database. */
  migrate?: boolean;
}

async function createPgliteDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  // The server's own PGlite (db/client.ts), so every test runs on its event-loop turns.
  const client = new TurnTakingPGlite({ loadDataDir: await emptyClusterDump() });
  const db = drizzle({ client, schema });
  if (options.migrate !== false) await migratePglite(db);
  return {
    db,
    kind: 'pglite',
    url: undefined,
    close: () => client.close(),
    listen: pgliteListener(client),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new database on the server named by DATABASE_URL, migrated, dropped again on close. */
async function createPostgresDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl)
    throw new Error(
      'TEST_DB=postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  const name = `protokoll_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let database: Database;
  try {
    database = await openPostgres(url.toString(), options);
  } catch (error) {
    await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** A fresh, migrated database of the kind TEST_DB names. */
export function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  return testDbKind === 'postgres'
    ? createPostgresDatabase(options)
    : createPgliteDatabase(options);
}

/**
 * Gives the calling test file its own database for all its tests (created before, dropped after).
 * Call at the top level of a test file; read the database inside tests through the returned getter.
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  return () => {
    if (!database) throw new Error('The test database is not ready: use it inside a test or hook.');
    return database;
  };
}
