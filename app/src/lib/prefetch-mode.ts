import { createContext } from 'react';

/**
 * When a router link prefetches its page (docs/architecture.md#route-prefetch): `visible` once it
 * scrolls into view, hovered, focused or touched (the signed-in app); `intent` only when hovered,
 * focused or touched (the public pages, whose first load must not carry other pages' chunks).
 */
export type PrefetchMode = 'visible' | 'intent';

/** The prefetch mode of the page being shown; `Pages` sets it from the page's access. */
export const PrefetchModeContext = createContext<PrefetchMode>('visible');
