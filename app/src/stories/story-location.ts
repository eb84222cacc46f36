import { memoryLocation } from 'wouter/memory-location';
import type { BaseLocationHook } from 'wouter';

/*
 * Storybook's stand-in for `wouter/use-browser-location` (aliased in .storybook/main.ts): route
 * stories run inside Storybook's iframe, whose address must stay the story's. Every navigation of
 * the app — the router's, the session's way to /login, a content page's — goes to the story's
 * in-memory location instead (docs/storybook.md#route-stories).
 */

type MemoryLocation = ReturnType<typeof memoryLocation>;

let current: MemoryLocation = memoryLocation({ path: '/', record: true });

/** Starts a story at `url` (path and optional search); returns its location. */
export function startStoryLocation(url: string): MemoryLocation {
  current = memoryLocation({ path: url, record: true });
  return current;
}

/** Where the story is now (path and search), e.g. `/login?redirect=%2Fdashboard`. */
export function storyUrl(): string {
  const history = (current as MemoryLocation & { history?: string[] }).history;
  return history?.at(-1) ?? '/';
}

export const navigate: MemoryLocation['navigate'] = (to, options) => current.navigate(to, options);

export const useBrowserLocation: BaseLocationHook = () => current.hook();

export const usePathname = (): string => current.hook()[0];

export const useSearch = (): string => current.searchHook();

export const useHistoryState = (): null => null;
