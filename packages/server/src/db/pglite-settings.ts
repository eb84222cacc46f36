// How the embedded database is started (docs/architecture.md#database). PGlite runs PostgreSQL
// inside this process's WebAssembly memory, which grows and never shrinks: whatever PostgreSQL
// touches once stays in the server's resident memory for good. The settings below keep that
// small; durability is untouched (WAL, commits and checkpoints are PGlite's own defaults; what
// survives a crash on PGlite: docs/decisions/011-database-queue-and-pglite.md#what-survives-a-crash).
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for PGlite. PostgreSQL's defaults are sized for a server of its own:
 * 128 MB of shared buffers are zeroed at start (resident from the first second) and 64 MB of
 * maintenance memory are taken by every GIN build or VACUUM and then kept. The operating system
 * caches the data files anyway, so a read past the buffers is a copy, not a disk access.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '32MB',
  maintenance_work_mem: '16MB',
  // Temporary tables are not used; their buffers need not be larger than the minimum.
  temp_buffers: '1MB',
};

/** Options for `new PGlite`: its default start parameters plus PGLITE_SETTINGS. */
export function pgliteOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  };
}

const exec = promisify(execFile);

/**
 * Creates the database files in `dataDir` when there are none yet, in a child process. PGlite's
 * initdb runs a second PostgreSQL in memory and copies its files over; done in the server's own
 * process, that garbage (some 400 MB) stayed resident until a garbage collection that an idle
 * server never gets to. Afterwards the server opens an existing database, as on every restart.
 */
export async function initialisePgliteDir(dataDir: string): Promise<void> {
  const exists = await stat(join(dataDir, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
  if (exists) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  await exec(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { PGlite } = await import(${JSON.stringify(pglite)});
       const db = new PGlite(${JSON.stringify(dataDir)});
       await db.waitReady;
       await db.close();`,
    ],
    { timeout: 120_000 },
  );
}
