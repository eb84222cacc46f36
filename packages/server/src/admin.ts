// Operator commands against the configured database: `npm run admin -- plan grant anna@example.com
// pro`, `npm run admin -- plan remove anna@example.com` (docs/billing.md#admin-command). Plans
// granted here follow the same ledger rules as bought ones; accounts with a Stripe subscription are
// refused.
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { ADMIN_USAGE, runAdmin } from './admin-cli.ts';
import { createLogger } from './lib/logger.ts';

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.format()}\n`);
  process.exit(1);
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help')) {
  process.stdout.write(`${ADMIN_USAGE}\n`);
  process.exit(argv.length === 0 ? 2 : 0);
}

/** Whether a Protokoll server on the embedded database answers at HOST:PORT. */
async function pgliteServerRunning(): Promise<boolean> {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const base = `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(1_000) });
    const health = (await res.json()) as { database?: unknown };
    return health.database === 'pglite';
  } catch {
    return false;
  }
}

// PGlite's files belong to the one process that opened them: a second one would corrupt them.
if (!config.databaseUrl && (await pgliteServerRunning())) {
  process.stderr.write(
    `Der Server läuft auf Port ${config.port} mit der eingebetteten Datenbank (PGlite) in ${config.dataDir}.\n` +
      '  Zuerst den Server stoppen, dann den Befehl wiederholen (mit PostgreSQL geht es im laufenden Betrieb).\n',
  );
  process.exit(1);
}

// Only warnings and errors are logged (as JSON, on stderr): the terminal shows the answer.
const logger = createLogger({ level: 'warn', write: (line) => process.stderr.write(`${line}\n`) });
const database = await openDatabase(config, { logger });
let code: number;
try {
  code = await runAdmin(
    argv,
    { db: database.db, logger },
    {
      out: (line) => process.stdout.write(`${line}\n`),
      err: (line) => process.stderr.write(`${line}\n`),
    },
  );
} finally {
  await database.close();
}
process.exit(code);
