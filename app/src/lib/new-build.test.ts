import { describe, expect, it, vi } from 'vitest';
import { isNewBuildOut, newBuildIsOut, watchForNewBuild } from './new-build.ts';

const answering = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('isNewBuildOut', () => {
  it('asks for latest-build.json with a timestamp, uncached, and compares the id', async () => {
    const fetchMock = answering({ buildId: 'b2' });
    await expect(isNewBuildOut({ fetch: fetchMock, now: 42, current: 'b1' })).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledWith('/latest-build.json?t=42', { cache: 'no-store' });
    await expect(
      isNewBuildOut({ fetch: answering({ buildId: 'b1' }), current: 'b1' }),
    ).resolves.toBe(false);
  });

  it('says no on an error, a missing file or a strange answer', async () => {
    await expect(isNewBuildOut({ fetch: answering({}, 404), current: 'b1' })).resolves.toBe(false);
    await expect(isNewBuildOut({ fetch: answering({ x: 1 }), current: 'b1' })).resolves.toBe(false);
    const failing = vi.fn<typeof fetch>(async () => {
      throw new TypeError('offline');
    });
    await expect(isNewBuildOut({ fetch: failing, current: 'b1' })).resolves.toBe(false);
  });
});

describe('watchForNewBuild', () => {
  it('checks on its interval and when the tab becomes visible, and reports once', async () => {
    vi.useFakeTimers();
    try {
      let out = false;
      const check = vi.fn(async () => out);
      const onNewBuild = vi.fn();
      const stop = watchForNewBuild(onNewBuild, { intervalMs: 1_000, check });
      await vi.advanceTimersByTimeAsync(1_000);
      expect(check).toHaveBeenCalledTimes(1);
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.advanceTimersByTimeAsync(0);
      expect(check).toHaveBeenCalledTimes(2);
      expect(onNewBuild).not.toHaveBeenCalled();
      expect(newBuildIsOut()).toBe(false);
      out = true;
      await vi.advanceTimersByTimeAsync(1_000);
      expect(onNewBuild).toHaveBeenCalledTimes(1);
      expect(newBuildIsOut()).toBe(true);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(check).toHaveBeenCalledTimes(3);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
