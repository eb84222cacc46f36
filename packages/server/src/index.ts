export { createApp, type App, type AppDeps } from './app.ts';
export {
  ConfigError,
  loadConfig,
  pgliteDir,
  type Config,
  type ConfigProblem,
  type Env,
  type LogLevel,
} from './config.ts';
export {
  openDatabase,
  openPglite,
  openPostgres,
  type Database,
  type Db,
  type DbKind,
} from './db/client.ts';
export { migratePglite, migratePostgres } from './db/migrate.ts';
export * as schema from './db/schema.ts';
export { ApiError } from './lib/errors.ts';
export { createLogger, silentLogger, type Logger } from './lib/logger.ts';
export { createRouter, routeFor, type AppRouteHandler } from './http/openapi.ts';
export type { AppEnv } from './http/context.ts';
export { startServer, type RunningServer, type StartOptions } from './server.ts';
