import type { MessageGroup } from '@protokoll/contract';
import { createContext, useContext } from 'react';

/*
 * What one render of the app is for, and what it records for its document
 * (docs/architecture.md#prerendered-pages). The build and the server create one per page they
 * render and hand it down with `PageRenderContext`; the browser creates its one in `main.tsx`.
 * Nothing of a render lives in a module, so renders may run side by side.
 */

/**
 * How the page was rendered ahead of the browser: `signed-out` for the public pages, `signed-in`
 * for a signed-in page's frame (no account known, docs/architecture.md#signed-in-frames),
 * `account` for a signed-in page the server rendered with the account's data
 * (docs/architecture.md#pages-rendered-with-data). Hydration starts from the same state.
 */
export type RenderedAccess = 'signed-in' | 'signed-out' | 'account';

export interface PageRender {
  access: RenderedAccess;
  /**
   * Outside the browser: the lazy components the render used, with their message groups (the
   * document loads their chunks and inlines those groups), and the page's head.
   */
  record?: {
    routes: Map<string, readonly MessageGroup[]>;
    head: { title?: string; description?: string };
  };
}

export const PageRenderContext = createContext<PageRender>({ access: 'signed-out' });

export const usePageRender = (): PageRender => useContext(PageRenderContext);

/** A new record for one render outside the browser. */
export const newRenderRecord = (): NonNullable<PageRender['record']> => ({
  routes: new Map(),
  head: {},
});
