import { describe, expect, it } from 'vitest';
import type { EngineConfig } from '../config.ts';
import { EngineError } from './engine.ts';
import { createEnginePool } from './engine-pool.ts';
import { memoryEngineSlots, type EngineSlots } from './engine-slots.ts';

/** Memory slots that count how often a slot was taken and given back. */
function countedSlots() {
  const slots = memoryEngineSlots();
  const counts = { taken: 0, released: 0 };
  const counted: EngineSlots = {
    ...slots,
    async tryTake(name, size) {
      const release = await slots.tryTake(name, size);
      if (!release) return undefined;
      counts.taken++;
      return async () => {
        counts.released++;
        await release();
      };
    },
  };
  return { slots: counted, counts };
}

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

  it('keeps one slot for the calls of a sequence and gives it back when the sequence ends', async () => {
    const { slots, counts } = countedSlots();
    const pool = createEnginePool('llm', [{ config: engine('one', 1), client: 'one' }], { slots });
    let other: Promise<string> | undefined;
    const answers = await pool.sequence(async (run) => {
      const first = await run(async () => 'part 1');
      // Another job's request waits for the engine's one slot until the sequence ends.
      other = pool.run(async () => 'other job');
      const rest = [await run(async () => 'part 2'), await run(async () => 'part 3')];
      expect(counts).toEqual({ taken: 1, released: 0 });
      return [first, ...rest];
    });
    expect(answers).toEqual(['part 1', 'part 2', 'part 3']);
    expect(await other).toBe('other job');
    expect(counts).toEqual({ taken: 2, released: 2 });
  });

  it('gives the slot of a sequence back when a call fails, and the next call takes one again', async () => {
    const { slots, counts } = countedSlots();
    const pool = createEnginePool(
      'llm',
      [
        { config: engine('one', 1), client: 'one' },
        { config: engine('two', 1), client: 'two' },
      ],
      { slots },
    );
    const sentTo: string[] = [];
    await pool.sequence(async (run) => {
      await run(async (client) => sentTo.push(client));
      // Unreachable: the request goes to the other engine at once, on a slot of its own.
      await run(async (client) => {
        sentTo.push(client);
        if (client === sentTo[0]) throw new EngineError('llm', 'unreachable', 'gone');
      });
      await run(async (client) => sentTo.push(client));
      expect(counts.taken - counts.released).toBe(1);
    });
    expect(sentTo).toEqual([sentTo[0], sentTo[0], sentTo[2], sentTo[2]]);
    expect(sentTo[2]).not.toBe(sentTo[0]);
    expect(counts).toEqual({ taken: 2, released: 2 });
  });

  it('gives the slot of a sequence back when the sequence throws', async () => {
    const { slots, counts } = countedSlots();
    const pool = createEnginePool('llm', [{ config: engine('one', 1), client: 'one' }], { slots });
    const failure = new Error('the job stopped');
    await expect(
      pool.sequence(async (run) => {
        await run(async () => 'part 1');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(counts).toEqual({ taken: 1, released: 1 });
    expect(await pool.run(async () => 'next job')).toBe('next job');
  });
});
