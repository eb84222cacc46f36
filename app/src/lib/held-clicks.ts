import { HELD_CLICKS_GLOBAL } from './boot-scripts.ts';

/*
 * A prerendered page shows its buttons before its script has run. `BOOT_SCRIPT` holds a click on
 * one (and a form's submission) until the app takes them here: the entry carries them out right
 * after it has asked React to hydrate, which hydrates the clicked part at once and handles the
 * click as its own (docs/architecture.md#prerendered-pages).
 */

type HeldClicks = () => Element[];

/**
 * Stops holding clicks and returns the held buttons and forms, oldest first; none where nothing
 * held them.
 */
export function takeHeldClicks(): Element[] {
  const holder = window as unknown as Record<string, HeldClicks | undefined>;
  const take = holder[HELD_CLICKS_GLOBAL];
  if (typeof take !== 'function') return [];
  delete holder[HELD_CLICKS_GLOBAL];
  return take();
}

/** Carries out held clicks on the hydrated page; one whose element left the page is dropped. */
export function replayClicks(elements: readonly Element[]): void {
  for (const element of elements) {
    if (!element.isConnected) continue;
    if (element instanceof HTMLFormElement) element.requestSubmit();
    else if (element instanceof HTMLElement) element.click();
  }
}
