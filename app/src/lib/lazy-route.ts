import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_RELOAD_GUARD_MS, type MessageGroup } from '@protokoll/contract';
import { loadMessageGroups, pageLocale } from './app-i18n.ts';

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

export type LazyRoute<P extends object = object> = LazyExoticComponent<ComponentType<P>> & {
  /** Loads the chunk and the message groups ahead of a visit (prefetch); never rejects. */
  preload(): Promise<void>;
};

/**
 * A route component in its own chunk, loaded on first visit together with the message groups
 * its texts come from (`common` always).
 */
export function lazyRoute<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  groups: readonly MessageGroup[] = [],
): LazyRoute<P> {
  const loadAll = () =>
    Promise.all([load(), loadMessageGroups(pageLocale(), groups)]).then(([module]) => module);
  const component = lazy(async () => {
    try {
      const module = await loadAll();
      return { default: module[name] };
    } catch (error) {
      // Keep suspending while the page reloads, so no error flashes on the way.
      if (reloadOnceForChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
  return Object.assign(component, {
    preload: () =>
      loadAll().then(
        () => undefined,
        () => undefined,
      ),
  });
}
