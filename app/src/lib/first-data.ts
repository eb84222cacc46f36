/*
 * The moment a page the browser renders has its first data (docs/architecture.md#route-prefetch).
 * What the page can do without, prefetching its visible links and, on a signed-in page, the web
 * font, waits for it: until then they would share the line with what the page shows first.
 */

/** Nothing waits for the first data longer than this after the start. */
export const FIRST_DATA_WAIT_MS = 5000;

let release: () => void = () => undefined;

/** Resolves once the page's first queries have settled (or `FIRST_DATA_WAIT_MS` has passed). */
export const firstDataLoaded: Promise<void> = new Promise((resolve) => {
  release = resolve;
});

/** Called by the default layout when no query is fetching any more, and by `main.tsx`'s timer. */
export function markFirstDataLoaded(): void {
  release();
}
