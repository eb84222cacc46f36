import { createContext } from 'react';

/**
 * When a router link prefetches its page (docs/architecture.md#route-prefetch): `visible` once it
 * scrolls into view, hovered, focused or touched (the signed-in app); `intent` only when hovered,
 * focused or touched (the public pages, whose first load must not carry other pages' chunks).
 */
export type PrefetchMode = 'visible' | 'intent';

/** The prefetch mode of the page being shown; `Pages` sets it from the page's access. */
export const PrefetchModeContext = createContext<PrefetchMode>('visible');

/**
 * Prefetches the page behind an address (`prefetchPage`, app/src/prefetch-page.ts). The app
 * hands it down from above: it knows the route table, which knows the pages that use the links.
 * Without a provider (a component's test or story) a link prefetches nothing.
 */
export const PrefetchPageContext = createContext<(href: string) => void>(() => undefined);
