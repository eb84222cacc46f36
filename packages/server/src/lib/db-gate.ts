// The bound in front of the embedded database (docs/architecture.md#database-queue). PGlite is one
// connection: every query of every request waits in one line, a transaction holds that line for
// its whole length, and a request needs several turns. Under many connections the line grows
// without bound and each request waits for it several times over: 200 connections on the notes
// list measured a p99 of 9.8 s. The gate lets a few requests work at once, queues a bounded number
// in arrival order for a bounded time, and answers the rest at once with 503 and `Retry-After`,
// before the request has touched the database, so a refused request has written nothing. The
// middleware that puts every request through it is http/db-gate.ts.
import type { QueueLimits } from '../config.ts';
import { createBoundedQueue } from './bounded-queue.ts';
import { dbGateWait, secondsSince } from './metrics.ts';

/** The place a running request holds in the gate. */
export interface GatePlace {
  /**
   * Gives the place up while `work` runs and takes one again afterwards, in front of the line
   * (it waited once already): for work that needs no database, such as hashing a password (tens
   * of milliseconds of CPU on the thread pool, docs/architecture.md#password-and-probe-queues), which must
   * not keep other requests from the database meanwhile.
   * @throws ServerBusyError when no place comes back in time; `work` has then run, so it must
   *   write nothing the request would need to undo.
   */
  away<T>(work: () => Promise<T>): Promise<T>;
}

export interface DbGate {
  /**
   * Runs `work` once a place is free, in arrival order.
   * `returning`: a later step of a request that took the gate before (the upload's), which goes
   * in front of the line as a return from `away` does (lib/bounded-queue.ts).
   * @throws ServerBusyError (503, `Retry-After`) when the queue is full or the wait ran out;
   *   `work` has then not started.
   */
  run<T>(work: (place: GatePlace) => Promise<T>, options?: { returning?: boolean }): Promise<T>;
  /** Requests working now. */
  readonly active: number;
  /** Requests waiting for a place. */
  readonly waiting: number;
}

/** A gate of `maxConcurrent` places with a queue of `queueLimit` waiting `queueTimeoutMs` at most. */
export function createDbGate(limits: QueueLimits): DbGate {
  const places = createBoundedQueue(limits, 'database');
  return {
    async run(work, options) {
      const waitStarted = performance.now();
      try {
        await places.enter(options);
      } catch (error) {
        dbGateWait.observe({ outcome: 'refused' }, secondsSince(waitStarted));
        throw error;
      }
      dbGateWait.observe({ outcome: 'admitted' }, secondsSince(waitStarted));
      let held = true;
      const place: GatePlace = {
        async away(outside) {
          if (!held) return outside();
          held = false;
          places.release();
          try {
            return await outside();
          } finally {
            // Back in front of the line, not at its end: the request waited its turn once
            // already, and queueing behind everyone who came meanwhile would be a second full
            // wait (up to PGLITE_QUEUE_TIMEOUT_MS more) for the same request. It still needs a
            // free place and keeps the wait limit: those ahead of it finish within that time
            // unless the database is stuck, and then a 503 is the right answer.
            await places.enter({ returning: true });
            held = true;
          }
        },
      };
      try {
        return await work(place);
      } finally {
        if (held) places.release();
      }
    },
    get active() {
      return places.active;
    },
    get waiting() {
      return places.waiting;
    },
  };
}

/**
 * The gate for the later database steps of a request that took it once already: the upload's,
 * which gives its place back between steps (while its body arrives, while ffprobe reads it) and
 * would otherwise wait a full line again for each of five steps (docs/architecture.md#database-queue).
 */
export function returningGate(gate: DbGate): DbGate {
  return {
    run: (work) => gate.run(work, { returning: true }),
    get active() {
      return gate.active;
    },
    get waiting() {
      return gate.waiting;
    },
  };
}

const openPlace: GatePlace = { away: (work) => work() };

/** No bound of its own: PostgreSQL's pool is the bound there (DATABASE_POOL_MAX). */
export const openGate: DbGate = {
  run: (work) => work(openPlace),
  active: 0,
  waiting: 0,
};
