import { LOCALE_CACHE_MS } from '@protokoll/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../lib/http.ts';
import { fetchMessages } from './messages.ts';

function clientAnswering(messages: Record<string, unknown>) {
  const call = vi.fn(async () => messages);
  return { client: { call } as unknown as ApiClient, call };
}

describe('fetchMessages', () => {
  it('loads a locale from /_i18n/{locale}/messages.json and caches it for 24 hours', async () => {
    localStorage.clear();
    const { client, call } = clientAnswering({ app: { name: 'Protokoll' } });
    await expect(fetchMessages(client, 'en', 0)).resolves.toEqual({ app: { name: 'Protokoll' } });
    expect(call).toHaveBeenCalledWith(expect.objectContaining({ path: '/_i18n/{locale}/messages.json' }), {
      params: { locale: 'en' },
    });
    await fetchMessages(client, 'en', LOCALE_CACHE_MS - 1);
    expect(call).toHaveBeenCalledTimes(1);
    await fetchMessages(client, 'en', LOCALE_CACHE_MS + 1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('refetches when the cache entry is broken', async () => {
    localStorage.clear();
    const { client, call } = clientAnswering({ a: 'b' });
    await fetchMessages(client, 'de', 0);
    for (const key of Object.keys(localStorage)) localStorage.setItem(key, '{not json');
    await fetchMessages(client, 'de', 1);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
