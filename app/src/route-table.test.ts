import { pageRoutes } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
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
});
