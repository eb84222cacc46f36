import { describe, expect, it, vi } from 'vitest';
import { reloadOnceForChunkError } from './lazy-route.ts';

describe('reloadOnceForChunkError', () => {
  it('reloads once per path within 10 s, then lets the error through', () => {
    const reload = vi.fn();
    const storage = sessionStorage;
    storage.clear();
    expect(reloadOnceForChunkError('/notes', 1_000, storage, reload)).toBe(true);
    expect(reloadOnceForChunkError('/notes', 5_000, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another path has its own guard; the same path may reload again after 10 s.
    expect(reloadOnceForChunkError('/dashboard', 5_000, storage, reload)).toBe(true);
    expect(reloadOnceForChunkError('/notes', 11_001, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});
