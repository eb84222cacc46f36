import { describe, expect, it } from 'vitest';
import { readNotesSearch, writeNotesSearch } from './notes-search.ts';

describe('notes URL', () => {
  it('reads filters, page and note under the names of the list call', () => {
    expect(
      readNotesSearch(
        '?folder_id=3&search_query=Besprechung%20Budget&start_date=2025-03-01&end_date=2025-03-31&page=2&note=12',
      ),
    ).toEqual({
      filters: {
        folder_id: 3,
        search_query: 'Besprechung Budget',
        start_date: '2025-03-01',
        end_date: '2025-03-31',
      },
      page: 2,
      noteId: 12,
    });
  });

  it('starts at page 1 with no filters and no note', () => {
    expect(readNotesSearch('')).toEqual({ filters: {}, page: 1, noteId: undefined });
  });

  it('leaves out values that are not valid instead of failing the page', () => {
    expect(
      readNotesSearch(
        '?folder_id=abc&page=-2&note=1.5&start_date=2025-02-30&end_date=gestern&search_query=%20%20',
      ),
    ).toEqual({ filters: {}, page: 1, noteId: undefined });
  });

  it('keeps only the start of an inverted date range', () => {
    expect(readNotesSearch('?start_date=2025-03-10&end_date=2025-03-01').filters).toEqual({
      start_date: '2025-03-10',
    });
  });

  it('writes what it reads, leaving out the first page and empty filters', () => {
    const location = {
      filters: { folder_id: 3, search_query: 'Größe & Maß', start_date: '2025-03-01' },
      page: 4,
      noteId: 9,
    };
    const search = writeNotesSearch(location);
    expect(search).toBe(
      '?folder_id=3&search_query=Gr%C3%B6%C3%9Fe+%26+Ma%C3%9F&start_date=2025-03-01&page=4&note=9',
    );
    expect(readNotesSearch(search)).toEqual(location);
    expect(writeNotesSearch({ filters: { search_query: '' }, page: 1, noteId: undefined })).toBe(
      '',
    );
  });
});
