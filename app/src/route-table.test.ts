import { pageRoutes } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.ts';

describe('route table', () => {
  it('has exactly one lazily loaded page per contract page route', () => {
    expect(Object.keys(routeTable).sort()).toEqual(pageRoutes.map((route) => route.path).sort());
    for (const page of Object.values(routeTable)) {
      expect((page as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
    }
  });
});
