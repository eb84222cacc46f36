import { hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';
import { isOnline, subscribeConnection } from './connection.ts';
import { inlinedQueries } from './inlined-queries.ts';

/**
 * Wait before a query's next attempt: a busy server's `Retry-After` (503 or 429) when it sent
 * one, else TanStack Query's own doubling from one second, capped at 30 s either way.
 */
export function queryRetryDelay(failureCount: number, error: unknown): number {
  const cap = 30_000;
  if (error instanceof ApiError && error.retryAfterMs !== undefined) {
    return Math.min(error.retryAfterMs, cap);
  }
  return Math.min(1000 * 2 ** failureCount, cap);
}

// TanStack Query follows the app's connection state (docs/architecture.md#offline), which also
// counts requests that got no answer, instead of the browser's events alone.
onlineManager.setEventListener((setOnline) => {
  setOnline(isOnline());
  return subscribeConnection(() => setOnline(isOnline()));
});

/**
 * A query client for the signed-in pages: the browser's one (`queryClient` below, in their chunk,
 * not in the sign-in page's), and one per page the server renders with data.
 *
 * Offline (docs/architecture.md#offline): queries keep networkMode `online`: they pause instead
 * of failing, the page says it waits for the connection, and they run when it is back. Mutations
 * take `always`: a change runs when the person asks for it or not at all. With `online` a
 * mutation started offline was paused and replayed on reconnect, after its dialog had been
 * closed: a folder the person had given up on was created later anyway. Offline the client
 * fails such a call at once with the offline text, and the buttons that need the server are
 * disabled meanwhile.
 */
export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, refetchOnWindowFocus: true, retryDelay: queryRetryDelay },
      mutations: { networkMode: 'always' },
    },
  });

/** The browser's query client. */
export const queryClient = createQueryClient();

// A page the server rendered with the reader's data carries the cache it was rendered from; the
// page hydrates from the same (docs/architecture.md#pages-rendered-with-data). The entry has
// removed it when this browser cannot show the same, and this module loads with the page's
// chunks, before hydration.
const inlined = typeof document === 'undefined' ? undefined : inlinedQueries();
if (inlined) hydrate(queryClient, inlined.state);
