import { DEFAULT_PAGE_SIZE, endpoints } from '@protokoll/contract';
import { RECENT_NOTES_COUNT } from '@protokoll/ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './http.ts';
import {
  DASHBOARD_RECENT_NOTES,
  fetchWithFirstRequests,
  firstRequestsOf,
  startFirstRequests,
} from './first-requests.ts';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('first requests', () => {
  it('are the addresses the API client builds for the pages’ first queries', async () => {
    expect(DASHBOARD_RECENT_NOTES).toBe(RECENT_NOTES_COUNT);
    const asked: string[] = [];
    const client = createApiClient({
      baseUrl: '',
      getToken: () => 't',
      fetch: (input) => {
        asked.push(String(input));
        return Promise.resolve(json({}));
      },
    });
    const calls = [
      client.call(endpoints.getMinutes),
      client.call(endpoints.getPlan),
      client.call(endpoints.listNotes, { query: { page: 1, page_size: RECENT_NOTES_COUNT } }),
      client.call(endpoints.listFolders),
      client.call(endpoints.listNotes, { query: { page: 1, page_size: DEFAULT_PAGE_SIZE } }),
      client.call(endpoints.countNotes, { query: {} }),
      client.call(endpoints.listFolders),
    ];
    await Promise.allSettled(calls);
    expect(asked).toEqual([...firstRequestsOf('/dashboard', ''), ...firstRequestsOf('/notes', '')]);
  });

  it('leave out the notes list of a filtered /notes and ask nothing for other pages', () => {
    expect(firstRequestsOf('/notes', '?page=2')).toEqual(['/api/folder/list']);
    expect(firstRequestsOf('/settings', '')).toEqual([]);
  });

  it('hand their answer to the first GET with the same token, once', async () => {
    const fetch = vi.fn(() => Promise.resolve(json({ folders: [] })));
    vi.stubGlobal('fetch', fetch);
    startFirstRequests('/dashboard', '', 'token-1');
    expect(fetch).toHaveBeenCalledTimes(4);
    const headers = { Authorization: 'Bearer token-1' };
    const first = await fetchWithFirstRequests('/api/folder/list', { method: 'GET', headers });
    expect(await first.json()).toEqual({ folders: [] });
    expect(fetch).toHaveBeenCalledTimes(4);
    // Taken: the next call fetches; another token never takes an early answer.
    await fetchWithFirstRequests('/api/folder/list', { method: 'GET', headers });
    await fetchWithFirstRequests('/api/user/plan', {
      method: 'GET',
      headers: { Authorization: 'Bearer token-2' },
    });
    expect(fetch).toHaveBeenCalledTimes(6);
  });
});
