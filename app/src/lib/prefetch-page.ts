import { pageRoutes, splitLocale } from '@protokoll/contract';
import { DefaultLayout, routeTable } from '../route-table.ts';
import { createPrefetchQueue } from './prefetch.ts';

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
