import type { ErrorCode } from '@protokoll/contract';
import { expect, userEvent } from 'storybook/test';

/** A promise that never settles: the state while the app's call is still running. */
export function never(): Promise<never> {
  return new Promise(() => undefined);
}

/** A call that fails with `code`, as the app's callbacks reject (a `FailureText`). */
export function failing(code: ErrorCode) {
  return () => Promise.reject({ code });
}

/** Moves focus with Tab only until `target` has it. */
export async function tabTo(target: HTMLElement, max = 40) {
  for (let i = 0; i < max && document.activeElement !== target; i++) await userEvent.tab();
  await expect(target).toHaveFocus();
}

/** The innermost elements reaching past the right edge of the viewport, described. */
function overflowing(root: HTMLElement): string[] {
  const edge = document.documentElement.clientWidth + 1;
  const wide = [...root.querySelectorAll<HTMLElement>('*')].filter(
    (element) => element.getBoundingClientRect().right > edge,
  );
  return wide
    .filter((element) => !wide.some((other) => other !== element && element.contains(other)))
    .map((element) => {
      const slot = element.dataset.slot ? `[data-slot=${element.dataset.slot}]` : '';
      return `${element.tagName.toLowerCase()}${slot} “${element.textContent?.slice(0, 40)}”`;
    });
}

/** Nothing sticks out sideways: long words wrapped instead of widening the page. */
export async function expectNoOverflow(canvasElement: HTMLElement) {
  await expect(overflowing(canvasElement)).toEqual([]);
  await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(
    document.documentElement.clientWidth,
  );
}

/** An object URL of silent audio the length of `wav`, for the reader's player. */
export function audioUrl(wav: ArrayBuffer): string {
  return URL.createObjectURL(new Blob([wav], { type: 'audio/wav' }));
}

/** Resolves once the player knows the recording's length, so screenshots show it. */
export async function audioReady(canvasElement: HTMLElement) {
  const audio = canvasElement.querySelector('audio');
  if (!audio || audio.readyState >= HTMLMediaElement.HAVE_METADATA) return;
  await new Promise<void>((resolve) => {
    audio.addEventListener('loadedmetadata', () => resolve(), { once: true });
    audio.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The callback ran exactly once, with these arguments. */
export async function expectCalledOnceWith(mock: unknown, ...args: unknown[]) {
  await expect(mock).toHaveBeenCalledOnce();
  await expect(mock).toHaveBeenCalledWith(...args);
}
