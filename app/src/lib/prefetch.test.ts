import { describe, expect, it } from 'vitest';
import { createPrefetchQueue } from './prefetch.ts';

/** A task that finishes when the test says so. */
function deferredTask(log: { running: number; peak: number; started: string[] }, name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = async () => {
    log.started.push(name);
    log.running++;
    log.peak = Math.max(log.peak, log.running);
    await done;
    log.running--;
  };
  return { task, finish };
}

describe('createPrefetchQueue', () => {
  it('never runs more than 4 loads at once, and starts the next as one ends', async () => {
    const log = { running: 0, peak: 0, started: [] as string[] };
    const queue = createPrefetchQueue();
    const tasks = Array.from({ length: 10 }, (_, index) => deferredTask(log, `/page-${index}`));
    tasks.forEach(({ task }, index) => queue.add(`/page-${index}`, task));
    expect(log.running).toBe(4);
    expect(log.started).toEqual(['/page-0', '/page-1', '/page-2', '/page-3']);
    for (const { finish } of tasks) {
      finish();
      // Let the finished task's bookkeeping run, then check the limit again.
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(log.running).toBeLessThanOrEqual(4);
    }
    expect(log.started).toHaveLength(10);
    expect(log.peak).toBe(4);
    expect(log.running).toBe(0);
  });

  it('loads each page once and goes on after a failed load', async () => {
    const queue = createPrefetchQueue(1);
    const calls: string[] = [];
    queue.add('/a', async () => {
      calls.push('a');
      throw new Error('offline');
    });
    queue.add('/a', async () => calls.push('a again'));
    queue.add('/b', async () => calls.push('b'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(['a', 'b']);
  });
});
