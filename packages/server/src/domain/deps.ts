// What a domain operation works with. Operations take these explicitly, never a Hono context, so
// an HTTP handler, the worker, a script or a test can run them alike; the handler's part is to
// parse the request, call the operation and write the answer.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobSignal } from '../jobs/signal.ts';
import type { Logger } from '../lib/logger.ts';
import type { Storage } from '../providers/storage/storage.ts';

export interface DomainDeps {
  db: Db;
  config: Config;
  /** Where recordings live. */
  storage: Storage;
  logger: Logger;
  /** Wakes the workers once a job was queued. */
  jobs: JobSignal;
}
