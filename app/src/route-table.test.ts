import { existsSync } from 'node:fs';
import { pageRoutes } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { signedInRouteModules } from '../chunk-groups.ts';
import { LAZY_MODULES, PAGE_COMPONENTS } from './route-modules.ts';
import { ContentPage, DefaultLayout, NotFoundPage, routeTable } from './route-table.ts';

describe('route table', () => {
  it('has exactly one lazily loaded page per contract page route', () => {
    expect(Object.keys(routeTable).sort()).toEqual(pageRoutes.map((route) => route.path).sort());
    for (const page of Object.values(routeTable)) {
      // A lazy route: a component that loads its chunk (and message groups) on demand.
      expect(typeof page).toBe('function');
      expect(typeof page.preload).toBe('function');
    }
  });

  it("names, for the build, each page's component and each component's module", async () => {
    // docs/architecture.md#chunks: the build imports this list instead of reading the table.
    for (const [path, page] of Object.entries(routeTable)) {
      expect(PAGE_COMPONENTS[path as keyof typeof PAGE_COMPONENTS]).toBe(page.displayName);
    }
    for (const lazy of [ContentPage, DefaultLayout, NotFoundPage]) {
      expect(LAZY_MODULES).toHaveProperty(lazy.displayName);
    }
    // Every module exists and exports its component under that name. The test runs from the
    // repository's root.
    for (const [name, module] of Object.entries(LAZY_MODULES)) {
      expect(existsSync(`app/${module}`)).toBe(true);
      const exports = (await import(/* @vite-ignore */ `../${module}`)) as Record<string, unknown>;
      expect(typeof exports[name]).toBe('function');
    }
  });

  it('gives the chunk groups the module of every signed-in page', () => {
    const modules = signedInRouteModules();
    const signedIn = pageRoutes.filter((route) => route.access === 'signed-in');
    expect(modules.size).toBe(signedIn.length);
    expect(modules).toContain('/app/src/routes/dashboard-route.tsx');
    expect(modules).not.toContain('/app/src/routes/home-route.tsx');
  });
});
