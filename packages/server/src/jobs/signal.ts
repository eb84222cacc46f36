import { EventEmitter } from 'node:events';

/**
 * Wakes workers when a job was queued, so an upload starts at once instead of at the next poll.
 * The in-process signal only reaches workers of the same process (the default: the API runs its
 * own worker); workers in other processes find new jobs by polling the queue.
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
