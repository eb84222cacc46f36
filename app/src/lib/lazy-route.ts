import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { CHUNK_RELOAD_GUARD_MS, type MessageGroup } from '@protokoll/contract';
import { browserI18n, loadMessageGroups, pageLocale } from './app-i18n.ts';
import { isOnline, whenOnline } from './connection.ts';
import { usePageRender } from './page-render.ts';

/**
 * After a deploy, an open tab may ask for a chunk that no longer exists. Reload once per path
 * within 10 s (docs/architecture.md#new-builds) to pick up the new build; a second failure goes to
 * the error boundary.
 */
export function reloadOnceForChunkError(
  path = location.pathname,
  now = Date.now(),
  storage: Storage = sessionStorage,
  reload = () => location.reload(),
): boolean {
  const key = `chunk-reload:${path}`;
  const last = Number(storage.getItem(key) ?? 0);
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(key, String(now));
  reload();
  return true;
}

let reloading = false;

/** Whether a failed chunk has started the page's reload: callers wait for it instead of failing. */
export const chunkReloadStarted = (): boolean => reloading;

/**
 * What a failed chunk load does (docs/architecture.md#new-builds), for every lazily loaded
 * module alike: the route chunks, the session, Google's button, the resumable upload, the
 * formatters, the recorder. Online it reloads the page once per path (the chunk is gone after a
 * deploy); offline it does nothing, since that page would not load either: the module's caller
 * tries again on its next use. Answers whether the page reloads.
 */
export function recoverFromChunkError(
  online = isOnline(),
  reloadOnce: () => boolean = reloadOnceForChunkError,
): boolean {
  if (reloading) return true;
  if (!online) return false;
  reloading = reloadOnce();
  return reloading;
}

/**
 * Sends every failed dynamic import through `recoverFromChunkError`: Vite's preload helper
 * fires `vite:preloadError` on the window for each one. The error still reaches its caller, which
 * waits for the reload (`chunkReloadStarted`) or retries later. Returns the uninstall.
 */
export function guardChunkLoads(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
  recover: () => boolean = () => recoverFromChunkError(),
): () => void {
  const onPreloadError = () => void recover();
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}

export type LazyRoute<P extends object = object> = ((props: P) => ReactNode) & {
  /** The component's name, after its file (`DashboardRoute`: `dashboard-route.tsx`). */
  displayName: string;
  /** Loads the chunk and the message groups ahead of a visit (prefetch); never rejects. */
  preload(): Promise<void>;
  /** The message groups its texts come from, beside `common`. */
  groups: readonly MessageGroup[];
};

/** Every lazy component by name, so a prerendered page can load its own before hydrating. */
const registry = new Map<string, () => Promise<void>>();

/**
 * Loads the lazy components a prerendered page was rendered with (their names are inlined in the
 * page), so hydration finds them loaded and hydrates the whole page in one pass. Components that
 * register only once another chunk has loaded (a layout's own lazy parts) are waited for.
 */
export async function preloadComponents(names: readonly string[]): Promise<void> {
  let pending = [...names];
  while (pending.length > 0) {
    const ready = pending.filter((name) => registry.has(name));
    if (ready.length === 0) return;
    await Promise.all(ready.map((name) => registry.get(name)!()));
    pending = pending.filter((name) => !ready.includes(name));
  }
}

/** A thenable that calls back at once: React.lazy then renders the component without suspending. */
const settled = <T>(value: T): PromiseLike<T> => ({
  then: (resolve) => (resolve ? resolve(value) : value) as never,
});

/**
 * A route component in its own chunk, loaded on first visit together with the message groups
 * its texts come from (`common` always).
 */
export function lazyRoute<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  groups: readonly MessageGroup[] = [],
): LazyRoute<P> {
  let loaded: { default: ComponentType<P> } | undefined;
  // Outside the browser each render's translator has every group already.
  const loadAll = () =>
    Promise.all([
      load(),
      typeof window === 'undefined'
        ? undefined
        : loadMessageGroups(browserI18n(), pageLocale(), groups),
    ]).then(([module]) => {
      loaded = { default: module[name] };
      return loaded;
    });
  const attempt = (): Promise<{ default: ComponentType<P> }> =>
    loadAll().catch((error: unknown) => {
      // Keep suspending while the page reloads, so no error flashes on the way. A failed chunk
      // has usually asked for the reload already (`vite:preloadError`); a failed message group
      // has not.
      if (recoverFromChunkError()) return new Promise<never>(() => {});
      // Offline: keep suspending (the shell's banner says why) and load again once it is back.
      if (!isOnline()) return whenOnline().then(attempt);
      // React.lazy keeps a failure for good: the next render starts a new load instead.
      component = makeComponent();
      throw error;
    });
  const makeComponent = () =>
    lazy(() =>
      // Already loaded (preloaded or prefetched): no suspending, so hydration is not split.
      loaded ? (settled(loaded) as Promise<{ default: ComponentType<P> }>) : attempt(),
    );
  let component = makeComponent();
  function Route(props: P) {
    // Outside the browser the render records it: its document loads its chunk and inlines its
    // groups (docs/architecture.md#prerendered-pages).
    usePageRender().record?.routes.set(name, groups);
    return createElement(component as unknown as ComponentType<P>, props);
  }
  Route.displayName = name;
  const preload = () =>
    loaded
      ? Promise.resolve()
      : loadAll().then(
          () => undefined,
          () => undefined,
        );
  registry.set(name, preload);
  return Object.assign(Route, { preload, groups });
}
