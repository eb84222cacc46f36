/** A task the process runs now and then every `intervalMs` (the upload sweep, PGlite upkeep). */
export interface Periodic {
  /** Stops the timer; resolves when a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * Runs `task` now and then every `intervalMs`. A run still under way (a slow disk, a long
 * ANALYZE) is not joined by another; the timer does not keep the process alive. `task` reports
 * its own failures: a rejection here is ignored so the next run still comes.
 */
export function startPeriodic(task: () => Promise<void>, intervalMs: number): Periodic {
  let current: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (current || stopped) return;
    current = task()
      .catch(() => undefined)
      .finally(() => {
        current = undefined;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
