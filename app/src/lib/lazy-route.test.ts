import { describe, expect, it, vi } from 'vitest';
import {
  chunkReloadStarted,
  guardChunkLoads,
  recoverFromChunkError,
  reloadOnceForChunkError,
} from './lazy-route.ts';

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

describe('guardChunkLoads (vite:preloadError for every lazily loaded module)', () => {
  it('sends each failed dynamic import through the guard, until uninstalled', () => {
    const recover = vi.fn(() => false);
    const stop = guardChunkLoads(window, recover);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(recover).toHaveBeenCalledTimes(1);
    stop();
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(recover).toHaveBeenCalledTimes(1);
  });

  it('offline it never reloads (the caller tries again); online it reloads once, then waits', () => {
    const reloadOnce = vi.fn(() => true);
    expect(recoverFromChunkError(false, reloadOnce)).toBe(false);
    expect(reloadOnce).not.toHaveBeenCalled();
    expect(chunkReloadStarted()).toBe(false);
    expect(recoverFromChunkError(true, reloadOnce)).toBe(true);
    expect(chunkReloadStarted()).toBe(true);
    // The reload is on its way: later failures wait for it instead of reloading again.
    expect(recoverFromChunkError(true, reloadOnce)).toBe(true);
    expect(reloadOnce).toHaveBeenCalledTimes(1);
  });
});
