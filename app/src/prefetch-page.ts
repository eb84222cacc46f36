import { pageRoutes, splitLocale } from '@protokoll/contract';
import { DefaultLayout, routeTable } from './route-table.ts';
import { loadSession } from './session/session-context.ts';
import { readStoredSession } from './session/stored-session.ts';
import { startFirstRequests } from './lib/first-requests.ts';
import { createPrefetchQueue } from './lib/prefetch.ts';

const queue = createPrefetchQueue();

/**
 * Loads the page behind an address of ours ahead of the click: its route chunk, its message
 * groups and its layout (docs/architecture.md#route-prefetch). Anything else is ignored.
 */
export function prefetchPage(href: string): void {
  const url = new URL(href, location.href);
  if (url.origin !== location.origin) return;
  const { path } = splitLocale(url.pathname);
  const route = pageRoutes.find((page) => page.path === path);
  if (!route) return;
  queue.add(url.pathname, () =>
    Promise.all([
      routeTable[route.path].preload(),
      route.layout === 'default' ? DefaultLayout.preload() : undefined,
    ]),
  );
}

/**
 * For a page the browser renders (every signed-in page): its route chunk, message groups and
 * layout start loading together with `common` instead of each after the one before, and a
 * signed-in visitor's session as soon as its chunk is there and the page's first data at once,
 * so the page's queries need not wait for either after the first render
 * (docs/architecture.md#route-prefetch). A signed-in page is left alone without a stored
 * session: the guard sends that visitor to /login.
 */
export function preloadCurrentPage(): void {
  const { path } = splitLocale(location.pathname);
  const route = pageRoutes.find((page) => page.path === path);
  const stored = readStoredSession(localStorage);
  const signedIn = stored !== null;
  if (signedIn) void loadSession();
  if (!route || (route.access === 'signed-in' && !signedIn)) return;
  // The page's first data starts too, beside its chunks (`app/src/lib/first-requests.ts`).
  if (stored && route.access === 'signed-in')
    startFirstRequests(path, location.search, stored.token);
  prefetchPage(location.href);
}
