// What a domain operation works with. Operations take these explicitly, never a Hono context, so
// an HTTP handler, the worker, a script or a test can run them alike; the handler's part is to
// parse the request, call the operation and write the answer.
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { JobSignal } from '../jobs/signal.ts';
import type { BoundedQueue } from '../lib/bounded-queue.ts';
import type { DbGate } from '../lib/db-gate.ts';
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
  /**
   * The database gate (lib/db-gate.ts), for an operation that takes it step by step: only the
   * upload, which must not hold a place while its body arrives. Absent: not gated (the worker,
   * scripts, and requests the app gates as a whole — the gate is not re-entrant).
   */
  dbGate?: DbGate;
  /**
   * The bound on ffprobe checks of arrived uploads (docs/architecture.md#password-and-probe-queues). Absent:
   * not bounded (scripts, tests of the operation alone).
   */
  probeQueue?: BoundedQueue;
}

/** Runs `work` through the operation's database gate, if it has one. */
export function gated<T>(deps: Pick<DomainDeps, 'dbGate'>, work: () => Promise<T>): Promise<T> {
  return deps.dbGate ? deps.dbGate.run(work) : work();
}
