import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.ts';
import type { Logger } from '../lib/logger.ts';

/**
 * Wakes workers when a job was queued, so an upload starts at once instead of at the next poll.
 * The in-process signal reaches workers of the same process; `listenForJobs` feeds it the
 * database's notifications (queue.ts sends one with every job it makes due), which reach every
 * process on the same PostgreSQL. Polling stays as the fallback.
 */
export interface JobSignal {
  /** Jobs were queued (call after the transaction that queued them has committed). */
  announce(): void;
  /** Calls `listener` on every announcement; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/** A signal for the API and the workers of one process; startServer hands the same one to both. */
export function createJobSignal(): JobSignal {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    announce: () => emitter.emit('queued'),
    subscribe(listener) {
      emitter.on('queued', listener);
      return () => emitter.off('queued', listener);
    },
  };
}

/** The channel queue.ts notifies when a job becomes due now. */
export const JOBS_CHANNEL = 'protokoll_jobs';

/**
 * Announces on `signal` every job notification the database delivers; answers the function that
 * stops listening. Without `listen` (a stand-in database) nothing is announced: workers poll.
 */
export async function listenForJobs(
  database: Pick<Database, 'listen'>,
  signal: JobSignal,
  logger: Logger,
): Promise<() => Promise<void>> {
  if (!database.listen) return async () => {};
  try {
    return await database.listen(JOBS_CHANNEL, () => signal.announce());
  } catch (error) {
    logger.warn('cannot listen for job notifications: workers poll', { err: error });
    return async () => {};
  }
}
