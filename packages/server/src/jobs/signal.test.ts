import { describe, expect, it } from 'vitest';
import { createJobSignal } from './signal.ts';

describe('createJobSignal', () => {
  it('calls every subscriber on each announcement until it unsubscribes', () => {
    const signal = createJobSignal();
    const calls: string[] = [];
    const stopA = signal.subscribe(() => calls.push('a'));
    signal.subscribe(() => calls.push('b'));
    signal.announce();
    stopA();
    signal.announce();
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('keeps separate signals apart: no module-wide channel', () => {
    const [one, two] = [createJobSignal(), createJobSignal()];
    let woken = 0;
    one.subscribe(() => woken++);
    two.announce();
    expect(woken).toBe(0);
  });
});
