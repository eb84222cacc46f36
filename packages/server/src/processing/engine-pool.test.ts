import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config.ts';
import { createEnginePool } from './engine-pool.ts';

const engine = (name: string, concurrency: number): EngineConfig => ({
  name,
  baseUrl: `http://${name}.invalid/v1`,
  apiKey: undefined,
  model: undefined,
  weight: 1,
  concurrency,
  tag: 'local',
});

/** A call that runs until the test ends it. */
function held() {
  let finish = () => {};
  const done = new Promise<string>((resolve) => (finish = () => resolve('first')));
  return { call: () => done, finish };
}

describe('engine pool', () => {
  it('lets a request waiting for room go at once when its signal aborts', async () => {
    const pool = createEnginePool('stt', [{ config: engine('one', 1), client: {} }]);
    const first = held();
    const running = pool.run(first.call);
    const controller = new AbortController();
    let secondRan = false;
    const waiting = pool.run(async () => {
      secondRan = true;
      return 'second';
    }, controller.signal);
    const reason = new Error('stopping');
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);

    // The engine's one place was never given to the aborted request, and is free again after.
    first.finish();
    expect(await running).toBe('first');
    expect(secondRan).toBe(false);
    expect(await pool.run(async () => 'third')).toBe('third');
  });

  it('gives a waiting request the room a finished one frees', async () => {
    const pool = createEnginePool('stt', [{ config: engine('one', 1), client: {} }]);
    const first = held();
    const running = pool.run(first.call);
    const waiting = pool.run(async () => 'second', new AbortController().signal);
    first.finish();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
  });

  it('spreads a burst of requests over the engines by weight', async () => {
    const heavy = { ...engine('heavy', 10), weight: 2 };
    const pool = createEnginePool('stt', [
      { config: heavy, client: 'heavy' },
      { config: engine('light', 10), client: 'light' },
    ]);
    const sentTo: string[] = [];
    // All six start before any has its slot: each must see the steps of those before it.
    const burst = Array.from({ length: 6 }, () =>
      pool.run(async (client) => {
        sentTo.push(client);
        return client;
      }),
    );
    await Promise.all(burst);
    expect(sentTo.filter((name) => name === 'heavy')).toHaveLength(4);
    expect(sentTo.filter((name) => name === 'light')).toHaveLength(2);
  });
});
