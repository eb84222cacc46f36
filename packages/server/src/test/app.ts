import { createApp, type AppDeps } from '../app.ts';
import { loadConfig, type Config, type Env } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import { TEST_QUEUE_WAITS } from './queue-waits.ts';

/** The access token key of test apps (tests sign their own tokens with it, e.g. expired ones). */
export const TEST_JWT_SECRET = 'test-only-jwt-secret-0123456789abcdefghijkl';

/**
 * A valid test configuration; `env` entries go through `loadConfig` like real variables. Rate
 * limits are generous here (every in-process request shares one address); limit tests set low ones.
 */
export function testConfig(env: Env = {}, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: TEST_JWT_SECRET,
      RATE_LIMIT_LOGIN: '10000/1m',
      RATE_LIMIT_LOGIN_IP: '10000/1m',
      RATE_LIMIT_REGISTER: '10000/1m',
      RATE_LIMIT_FORGOT_PASSWORD: '10000/1m',
      RATE_LIMIT_SUPPORT: '10000/1m',
      RATE_LIMIT_SHARE_CODE: '10000/1m',
      RATE_LIMIT_SHARE_MISS: '10000/1m',
      ...TEST_QUEUE_WAITS,
      ...env,
    }),
    ...overrides,
  };
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
export function testApp(
  db: Database,
  config: Config = testConfig(),
  deps: Pick<
    AppDeps,
    | 'mailer'
    | 'google'
    | 'payments'
    | 'audioTools'
    | 'dbGate'
    | 'probeQueue'
    | 'passwordQueue'
    | 'pageRenderer'
    | 'engines'
    | 'storage'
  > = {},
) {
  const { logger, lines } = memoryLogger();
  const app = createApp({ db, config, logger, version: '9.9.9-test', ...deps });
  return { app, config, logs: lines };
}
