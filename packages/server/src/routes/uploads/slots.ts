// How many uploads each user has in flight in this process. An upload holds a temporary file and
// a share of the disk's bandwidth until it ends, so one account cannot hold many at once.
import { uploadsInFlight } from '../../lib/metrics.ts';

export interface UploadSlot {
  /** Frees the slot; calling it again does nothing. */
  release(): void;
}

export interface UploadSlots {
  /** A slot for `userId`, or undefined when the user already holds `limit`. */
  acquire(userId: number, limit: number): UploadSlot | undefined;
}

export function createUploadSlots(): UploadSlots {
  const counts = new Map<number, number>();
  return {
    acquire(userId, limit) {
      const count = counts.get(userId) ?? 0;
      if (count >= limit) return undefined;
      counts.set(userId, count + 1);
      uploadsInFlight.inc();
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          uploadsInFlight.dec();
          const left = (counts.get(userId) ?? 1) - 1;
          if (left > 0) counts.set(userId, left);
          else counts.delete(userId);
        },
      };
    },
  };
}
