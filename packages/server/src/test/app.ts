import { createApp } from '../app.ts';
import { loadConfig, type Config, type Env } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createLogger, type Logger } from '../lib/logger.ts';

/** A valid test configuration; `env` entries go through `loadConfig` like real variables. */
export function testConfig(env: Env = {}, overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', ...env }), ...overrides };
}

/** A logger that keeps its lines for assertions. */
export function memoryLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({
    level: 'debug',
    write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>),
  });
  return { logger, lines };
}

/**
 * For test files that never reach the database (docs, locales, web serving): any use fails
 * loudly instead of costing a database per file.
 */
export function noDatabase(): Database {
  const db = new Proxy({} as Database['db'], {
    get() {
      throw new Error('This test has no database: use useTestDatabase().');
    },
  });
  return { db, kind: 'pglite', close: async () => {} };
}

/** An app on `db` with test config and an in-memory logger. */
export function testApp(db: Database, config: Config = testConfig()) {
  const { logger, lines } = memoryLogger();
  const app = createApp({ db, config, logger, version: '9.9.9-test' });
  return { app, config, logs: lines };
}
