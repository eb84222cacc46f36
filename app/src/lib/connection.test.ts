import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  vi.resetModules();
});

function setBrowserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('the connection state', () => {
  it('follows the browser’s online and offline events', async () => {
    const { isOnline, subscribeConnection, whenOnline } = await import('./connection.ts');
    const changes = vi.fn();
    subscribeConnection(changes);
    expect(isOnline()).toBe(true);
    setBrowserOnline(false);
    expect(isOnline()).toBe(false);
    const back = vi.fn();
    void whenOnline().then(back);
    await Promise.resolve();
    expect(back).not.toHaveBeenCalled();
    setBrowserOnline(true);
    await vi.waitFor(() => expect(back).toHaveBeenCalled());
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it('a request without any answer counts as offline until one gets an answer', async () => {
    const { isOnline, reportAnswer, reportNetworkFailure } = await import('./connection.ts');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    reportNetworkFailure();
    expect(isOnline()).toBe(false);
    reportAnswer();
    expect(isOnline()).toBe(true);
    vi.unstubAllGlobals();
  });
});
