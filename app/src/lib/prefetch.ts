import { PREFETCH_CONCURRENCY } from '@protokoll/contract';

/*
 * Route prefetch (docs/architecture.md#route-prefetch): the chunks (and message groups) of pages
 * whose links are visible or hovered load ahead of the click, never more than
 * PREFETCH_CONCURRENCY at once, each once.
 */

export type PrefetchQueue = ReturnType<typeof createPrefetchQueue>;

/** Runs tasks with at most `limit` at once, each key once, in the order they were added. */
export function createPrefetchQueue(limit = PREFETCH_CONCURRENCY) {
  const seen = new Set<string>();
  const waiting: (() => Promise<unknown>)[] = [];
  let running = 0;
  const next = () => {
    while (running < limit && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      void task()
        .catch(() => undefined)
        .finally(() => {
          running--;
          next();
        });
    }
  };
  return {
    /** Queues `task` unless `key` was queued before. */
    add(key: string, task: () => Promise<unknown>): void {
      if (seen.has(key)) return;
      seen.add(key);
      waiting.push(task);
      next();
    },
    get running() {
      return running;
    },
  };
}
