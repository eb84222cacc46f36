import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '@protokoll/contract';

/*
 * A signed-in page's first data is asked for as soon as the entry runs, beside the page's
 * chunks, instead of after the session chunk (API client, zod, schemas) has loaded and the page
 * has rendered (docs/architecture.md#route-prefetch). Only the request starts early: the API
 * client takes its answer when the page's query asks for the same address with the same token
 * and handles it as its own (schema, 401 with one refresh, retries), so nothing changes for the
 * page. An answer nobody takes is dropped.
 */

/** The dashboard's recent notes (`RECENT_NOTES_COUNT` of `@protokoll/ui`, checked by a test). */
export const DASHBOARD_RECENT_NOTES = 5;

/**
 * The GET addresses each page's first render asks for, as the API client builds them (query in
 * the order the page's query gives it). `/notes` only without a search part: filters and pages
 * change its addresses.
 */
export function firstRequestsOf(path: string, search: string): string[] {
  if (path === '/dashboard')
    return [
      '/api/user/minutes',
      '/api/user/plan',
      `/api/note/list?page=1&page_size=${DASHBOARD_RECENT_NOTES}`,
      '/api/folder/list',
    ];
  if (path === '/notes')
    return [
      ...(search === ''
        ? [`/api/note/list?page=${DEFAULT_PAGE}&page_size=${DEFAULT_PAGE_SIZE}`, '/api/note/count']
        : []),
      '/api/folder/list',
    ];
  return [];
}

/**
 * The pages whose largest first content is their data (the notes list, or its empty text): the
 * session chunk, whose API client parses the early answers, loads at the same priority as the
 * page's chunks there instead of after them (docs/architecture.md#route-prefetch). On the
 * dashboard the largest content is its own text, which waits for no data.
 */
export const DATA_FIRST_PAGES: readonly string[] = ['/notes'];

/** Unused answers are dropped after this: the page asked for other data, or none. */
const KEEP_MS = 10_000;

const started = new Map<string, { token: string; response: Promise<Response> }>();

/** Starts the page's first requests with the stored session's token. */
export function startFirstRequests(path: string, search: string, token: string): void {
  const base = import.meta.env.VITE_API_BASE ?? '';
  for (const url of firstRequestsOf(path, search)) {
    const full = `${base.replace(/\/+$/, '')}${url}`;
    const response = fetch(full, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
    // A failure is the client's to see when it takes the answer; none takes it: no warning.
    response.catch(() => undefined);
    started.set(full, { token, response });
  }
  setTimeout(() => started.clear(), KEEP_MS);
}

/** The answer ends when the caller's signal (its abort or timeout) does. */
function untilAborted(response: Promise<Response>, signal: AbortSignal | null | undefined) {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    response.then(resolve, reject);
  });
}

/**
 * The API client's `fetch`: a GET of a started first request with the same token takes its
 * answer (once); everything else is fetched.
 */
export const fetchWithFirstRequests: typeof fetch = (input, init) => {
  if (typeof input === 'string' && (init?.method ?? 'GET') === 'GET') {
    const early = started.get(input);
    const authorization = new Headers(init?.headers).get('Authorization');
    if (early && authorization === `Bearer ${early.token}`) {
      started.delete(input);
      return untilAborted(early.response, init?.signal);
    }
  }
  return fetch(input, init);
};
