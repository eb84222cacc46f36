import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * False while React renders a prerendered page's markup, at build time and while the browser
 * hydrates it; true from the render after (and always on a page the browser renders). What the
 * build cannot know, the account's name on a signed-in page's frame, waits for it
 * (docs/architecture.md#signed-in-frames), so that hydration matches the markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
