import { LOCALE_CACHE_MS } from '@protokoll/contract';
import { describe, expect, it, vi } from 'vitest';
import { fetchMessages, isMessages } from './messages.ts';

const answering = (body: unknown, status = 200) =>
  vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status }));

describe('fetchMessages', () => {
  it('loads a locale from /_i18n/{locale}/messages.json and caches it for 24 hours', async () => {
    localStorage.clear();
    const fetchMock = answering({ app: { name: 'Protokoll' } });
    await expect(
      fetchMessages('en', 'messages', { now: 0, fetch: fetchMock, baseUrl: '' }),
    ).resolves.toEqual({
      app: { name: 'Protokoll' },
    });
    expect(fetchMock).toHaveBeenCalledWith('/_i18n/en/messages.json');
    await fetchMessages('en', 'messages', { now: LOCALE_CACHE_MS - 1, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchMessages('en', 'messages', { now: LOCALE_CACHE_MS + 1, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps locales apart and refetches a broken cache entry', async () => {
    localStorage.clear();
    const fetchMock = answering({ a: 'b' });
    await fetchMessages('de', 'messages', { now: 0, fetch: fetchMock });
    await fetchMessages('en', 'messages', { now: 0, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    for (const key of Object.keys(localStorage)) localStorage.setItem(key, '{not json');
    await fetchMessages('de', 'messages', { now: 1, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('fails on an error status or a body that is not a message tree, caching nothing', async () => {
    localStorage.clear();
    await expect(fetchMessages('de', 'messages', { fetch: answering({ a: 1 }) })).rejects.toThrow();
    await expect(fetchMessages('de', 'messages', { fetch: answering({}, 500) })).rejects.toThrow();
    expect(localStorage.length).toBe(0);
  });
});

describe('fetchMessages of a group', () => {
  it('loads /_i18n/{locale}/{group}.json and caches each group apart', async () => {
    localStorage.clear();
    const fetchMock = answering({ auth: { title: 'Anmelden' } });
    await fetchMessages('de', 'auth', { now: 0, fetch: fetchMock, baseUrl: '' });
    expect(fetchMock).toHaveBeenCalledWith('/_i18n/de/auth.json');
    await fetchMessages('de', 'auth', { now: 1, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchMessages('de', 'notes', { now: 1, fetch: fetchMock });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('isMessages', () => {
  it('accepts nested string trees only', () => {
    expect(isMessages({ a: 'x', b: { c: 'y' } })).toBe(true);
    expect(isMessages({ a: ['x'] })).toBe(false);
    expect(isMessages(null)).toBe(false);
    expect(isMessages('x')).toBe(false);
  });
});
