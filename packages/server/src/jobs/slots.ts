// A worker's slots for one phase (pipeline.ts `phaseOf`): at most `size` jobs in it at once.
// Taking a slot changes the count at once, so the claim loop sees it before its next claim.

export interface Slots {
  /** Slots free now (0 while jobs wait for one). */
  free(): number;
  /** A slot now, or undefined when none is free (jobs waiting for one go first). */
  tryTake(): (() => void) | undefined;
  /** A slot: at once when one is free, else in turn; rejects with the signal's reason on abort. */
  take(signal?: AbortSignal): Promise<() => void>;
  /** Resolves the next time a slot is given back. */
  released(): Promise<void>;
}

export function createSlots(size: number): Slots {
  let inUse = 0;
  const waiting: { grant: () => void }[] = [];
  let onRelease: (() => void)[] = [];

  function giveBack() {
    const next = waiting.shift();
    if (next) {
      next.grant();
    } else {
      inUse--;
      const listeners = onRelease;
      onRelease = [];
      for (const listener of listeners) listener();
    }
  }
  function handle(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      giveBack();
    };
  }

  function tryTake(): (() => void) | undefined {
    if (inUse >= size || waiting.length > 0) return undefined;
    inUse++;
    return handle();
  }

  return {
    free: () => (waiting.length > 0 ? 0 : Math.max(0, size - inUse)),
    tryTake,
    take(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason as Error);
      const now = tryTake();
      if (now) return Promise.resolve(now);
      return new Promise((resolve, reject) => {
        const entry = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(handle());
          },
        };
        const onAbort = () => {
          const at = waiting.indexOf(entry);
          if (at >= 0) waiting.splice(at, 1);
          reject(signal?.reason as Error);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiting.push(entry);
      });
    },
    released: () => new Promise((resolve) => onRelease.push(resolve)),
  };
}
