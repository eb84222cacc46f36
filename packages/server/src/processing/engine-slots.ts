// Counting an engine's requests in flight against its `concurrency` (EngineConfig). The engine
// pool asks through this one interface; where its count lives is the implementation's business:
// in this process (memoryEngineSlots, for a pool without a database) or in the database, shared
// by every process on it (jobs/engine-slots.ts, docs/decisions/015-engine-slots-across-processes.md).

/** Gives a held slot back; called once the request has ended. Never rejects. */
export type SlotRelease = () => Promise<void>;

export interface EngineSlots {
  /** One of the `size` slots of `engine` now, or undefined when all of them are held. */
  tryTake(engine: string, size: number): Promise<SlotRelease | undefined>;
  /** Releases seen so far: read it before trying, and pass it to `released`. */
  releases(): number;
  /**
   * Resolves once a slot may have come free since `releases()` answered `since` (at once when one
   * has already); rejects at once with the signal's reason when `signal` aborts.
   */
  released(since: number, signal?: AbortSignal): Promise<void>;
  /** Stops listening and renewing; held slots are left to their leases. */
  close(): Promise<void>;
}

/**
 * A counter of wake-ups: `bump()` on every release, `after(since)` resolves once it passed
 * `since`. Waiters register synchronously, so a release between a failed try and the wait is
 * never missed.
 */
export function releaseCounter(): {
  count(): number;
  bump(): void;
  after(since: number, signal?: AbortSignal, pollMs?: number): Promise<void>;
} {
  let count = 0;
  const waiters = new Set<() => void>();
  return {
    count: () => count,
    bump() {
      count++;
      for (const wake of [...waiters]) wake();
    },
    after(since, signal, pollMs) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      if (count > since) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = pollMs === undefined ? undefined : setTimeout(() => wake(), pollMs);
        timer?.unref();
        const settle = () => {
          clearTimeout(timer);
          waiters.delete(wake);
          signal?.removeEventListener('abort', onAbort);
        };
        function wake() {
          settle();
          resolve();
        }
        function onAbort() {
          settle();
          reject(signal?.reason as Error);
        }
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.add(wake);
      });
    },
  };
}

/** Slots counted in this process only: for a pool that runs without a database (unit tests). */
export function memoryEngineSlots(): EngineSlots {
  const held = new Map<string, number>();
  const counter = releaseCounter();
  return {
    async tryTake(engine, size) {
      const inUse = held.get(engine) ?? 0;
      if (inUse >= size) return undefined;
      held.set(engine, inUse + 1);
      let given = false;
      return async () => {
        if (given) return;
        given = true;
        held.set(engine, (held.get(engine) ?? 1) - 1);
        counter.bump();
      };
    },
    releases: counter.count,
    released: (since, signal) => counter.after(since, signal),
    close: async () => {},
  };
}
