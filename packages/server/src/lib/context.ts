import type { Config } from '../config.ts';
import type { Db, DbKind } from '../db/client.ts';
import type { Logger } from './logger.ts';

/** What every handler finds on `c.var`. */
export interface AppVariables {
  requestId: string;
  config: Config;
  db: Db;
  dbKind: DbKind;
  /** Carries the request id on every line. */
  logger: Logger;
  version: string;
  startedAt: number;
}

export interface AppEnv {
  Variables: AppVariables;
}
