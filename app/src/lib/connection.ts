import { useSyncExternalStore } from 'react';

/*
 * The connection state (docs/architecture.md#offline): the browser's own word (`navigator.onLine`
 * and its `online`/`offline` events), and failed requests as evidence: a request that got no
 * answer at all marks the server unreachable until a request gets one again (a probe of
 * `/api/health` asks every few seconds meanwhile). Small and without dependencies: it is part of
 * the entry, so the sign-in page knows it too. The query client ties TanStack Query's
 * `onlineManager` to it (`query-client.ts`).
 */

/** How often the health probe asks while the server cannot be reached. */
export const UNREACHABLE_PROBE_MS = 5_000;

const hasWindow = typeof window !== 'undefined';
let browserOnline = hasWindow ? navigator.onLine : true;
let unreachable = false;
let probe: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function publish() {
  for (const listener of listeners) listener();
}

/** Whether the server can be reached, as far as the browser and the last requests tell. */
export function isOnline(): boolean {
  return browserOnline && !unreachable;
}

/** Calls `listener` on every change of `isOnline()`; returns the unsubscribe. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function scheduleProbe() {
  if (probe !== undefined || !hasWindow) return;
  probe = setTimeout(() => {
    probe = undefined;
    if (!unreachable) return;
    if (!browserOnline) return scheduleProbe();
    fetch(`${import.meta.env.VITE_API_BASE ?? ''}/api/health`, { cache: 'no-store' }).then(
      () => reportAnswer(),
      () => scheduleProbe(),
    );
  }, UNREACHABLE_PROBE_MS);
}

/** A request got no answer at all (a network error): the server counts as unreachable. */
export function reportNetworkFailure(): void {
  if (unreachable) return;
  unreachable = true;
  scheduleProbe();
  if (browserOnline) publish();
}

/** A request got an answer (any status): the server is reachable. */
export function reportAnswer(): void {
  if (!unreachable) return;
  unreachable = false;
  if (browserOnline) publish();
}

/** Resolves once `isOnline()` holds (at once when it does). */
export function whenOnline(): Promise<void> {
  if (isOnline()) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribeConnection(() => {
      if (!isOnline()) return;
      stop();
      resolve();
    });
  });
}

/** The connection state for a component; online while rendered outside the browser. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnection, isOnline, () => true);
}

if (hasWindow) {
  const follow = () => {
    const next = navigator.onLine;
    if (next === browserOnline) return;
    browserOnline = next;
    // The way back is evidence enough: the next request will tell otherwise.
    if (next) unreachable = false;
    publish();
  };
  window.addEventListener('online', follow);
  window.addEventListener('offline', follow);
}
