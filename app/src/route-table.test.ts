import { existsSync, readFileSync } from 'node:fs';
import { pageRoutes } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { signedInRouteModules } from '../chunk-groups.ts';
import { routeTable } from './route-table.ts';

describe('route table', () => {
  it('has exactly one lazily loaded page per contract page route', () => {
    expect(Object.keys(routeTable).sort()).toEqual(pageRoutes.map((route) => route.path).sort());
    for (const page of Object.values(routeTable)) {
      // A lazy route: a component that loads its chunk (and message groups) on demand.
      expect(typeof page).toBe('function');
      expect(typeof page.preload).toBe('function');
    }
  });

  it("names the module of every signed-in page for the build's chunk groups", () => {
    // docs/architecture.md#chunks: read from pageRoutes and this table, never listed by hand.
    // The test runs from the repository's root (jsdom has no file URL for this module).
    const modules = signedInRouteModules(readFileSync('app/src/route-table.ts', 'utf8'));
    const signedIn = pageRoutes.filter((route) => route.access === 'signed-in');
    expect(modules.size).toBe(signedIn.length);
    for (const module of modules) expect(existsSync(module.slice(1))).toBe(true);
    expect(modules).toContain('/app/src/routes/dashboard-route.tsx');
    expect(modules).not.toContain('/app/src/routes/home-route.tsx');
  });

  it('fails when a signed-in page has no module in the table', () => {
    expect(() =>
      signedInRouteModules("'/': lazyRoute(() => import('./routes/home-route.tsx'))"),
    ).toThrow(/\/dashboard/);
  });
});
