import { DEFAULT_PAGE_SIZE } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { keys } from './lib/query-keys.ts';
import { pageQueriesOf } from './page-queries.ts';

// What a page rendered with data asks before it renders
// (docs/architecture.md#pages-rendered-with-data): the keys its hooks read, so the markup shows
// the data and the browser hydrates from the same cache.

const keysOf = (path: string, search: string) =>
  pageQueriesOf(path, search)?.map((query) => query.queryKey);

describe('pageQueriesOf', () => {
  it("asks /notes' user, page of notes, count and folders, with the address's filters", () => {
    expect(keysOf('/notes', '')).toEqual([
      keys.user(),
      keys.notes.list({ page: 1, page_size: DEFAULT_PAGE_SIZE }),
      keys.notes.count({}),
      keys.folders.list(),
    ]);
    const filters = { folder_id: 3, search_query: 'Budget', start_date: '2026-01-01' };
    expect(
      keysOf('/notes', '?folder_id=3&search_query=Budget&start_date=2026-01-01&page=2'),
    ).toEqual([
      keys.user(),
      keys.notes.list({ ...filters, page: 2, page_size: DEFAULT_PAGE_SIZE }),
      keys.notes.count(filters),
      keys.folders.list(),
    ]);
  });

  it('asks nothing for the reader, nor for a page not rendered with data', () => {
    expect(pageQueriesOf('/notes', '?note=12')).toBeUndefined();
    expect(pageQueriesOf('/dashboard', '')).toBeUndefined();
  });
});
