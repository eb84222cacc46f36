// The one bounded queue of the server (docs/architecture.md#database-queue): a few at work at
// once, a bounded number waiting in arrival order for a bounded time, the rest refused at once
// with `ServerBusyError` (503 + `Retry-After`). The database gate (db-gate.ts), the password
// queue (auth/passwords.ts, docs/architecture.md#password-and-probe-queues) and the upload's ffprobe check
// (docs/architecture.md#password-and-probe-queues) are each one of these.
import type { QueueLimits } from '../config.ts';
import { ServerBusyError } from './errors.ts';

export interface BoundedQueue {
  /**
   * Takes a place once one is free, in arrival order; pair it with one `release()`.
   * `returning`: the caller held a place a moment ago and gave it up for work elsewhere
   * (`GatePlace.away`). It has waited its turn once already, so it goes in front of everyone
   * who has not (behind earlier returning callers) and the queue limit does not refuse it; the
   * wait limit still holds, so a place that never frees cannot hold it forever.
   * @throws ServerBusyError when the queue is full or the wait ran out; no place is then taken.
   */
  enter(options?: { returning?: boolean }): Promise<void>;
  /** Gives a place up: it passes straight to the first in line. */
  release(): void;
  /**
   * Runs `work` in a place, then releases it.
   * @throws ServerBusyError as `enter`; `work` has then not started.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Callers holding a place now. */
  readonly active: number;
  /** Callers waiting for one. */
  readonly waiting: number;
}

/** Seconds a refused client is told to wait: a queue drains within about one wait timeout. */
export function retryAfterSeconds(limits: QueueLimits): number {
  return Math.max(1, Math.ceil(limits.queueTimeoutMs / 1000));
}

interface Waiter {
  start(): void;
  returning: boolean;
  timer: NodeJS.Timeout;
}

/**
 * `maxConcurrent` places with a line of `queueLimit` waiting `queueTimeoutMs` at most; `name`
 * says in the log which queue refused (`<name> queue full`, `<name> queue wait timed out`).
 */
export function createBoundedQueue(limits: QueueLimits, name: string): BoundedQueue {
  const { maxConcurrent, queueLimit, queueTimeoutMs } = limits;
  const retryAfter = retryAfterSeconds(limits);
  const queue: Waiter[] = [];
  let active = 0;

  const release = () => {
    const next = queue.shift();
    if (next) {
      // The place passes straight to the next in line: nobody can overtake it.
      clearTimeout(next.timer);
      next.start();
    } else {
      active--;
    }
  };

  const enter = ({ returning = false } = {}): Promise<void> => {
    if (active < maxConcurrent && queue.length === 0) {
      active++;
      return Promise.resolve();
    }
    if (!returning && queue.length >= queueLimit) {
      return Promise.reject(new ServerBusyError(`${name} queue full`, retryAfter));
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        returning,
        timer: setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          reject(new ServerBusyError(`${name} queue wait timed out`, retryAfter));
        }, queueTimeoutMs),
      };
      // Returning callers stand at the head of the line, among themselves in arrival order.
      const firstNew = returning ? queue.findIndex((w) => !w.returning) : -1;
      if (firstNew === -1) queue.push(waiter);
      else queue.splice(firstNew, 0, waiter);
    });
  };

  return {
    enter,
    release,
    async run(work) {
      await enter();
      try {
        return await work();
      } finally {
        release();
      }
    },
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
  };
}
