import type { NoteListItem } from '@protokoll/contract';
import { useNoteCount, type NoteCount } from './count.ts';
import type { NotePageQuery } from '../../lib/query-keys.ts';
import { useNotes } from './list.ts';

/** The list screens' notes state: the page, the count of all matches, and how loading went. */
export interface NotesState {
  notes: NoteListItem[];
  noteCount: number;
  /** The count is a search's limit: more notes match (docs/product.md#notes-lists). */
  noteCountMore: boolean;
  notesLoading: boolean;
  status: 'loading' | 'error' | 'ready';
  /** The failure of the list or the count load. */
  error: unknown;
}

interface LoadResult<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A failed list or count load clears the list (docs/product.md#notes-lists); the query keeps
 * its error. Both answers belong together (the pagination reads the count), so the list is only
 * shown when both have arrived.
 */
export function notesState(
  list: LoadResult<NoteListItem[]>,
  count: LoadResult<NoteCount>,
): NotesState {
  if (list.isError || count.isError) {
    return {
      notes: [],
      noteCount: 0,
      noteCountMore: false,
      notesLoading: false,
      status: 'error',
      error: list.isError ? list.error : count.error,
    };
  }
  if (list.isPending || count.isPending || !list.data || count.data === undefined) {
    return {
      notes: [],
      noteCount: 0,
      noteCountMore: false,
      notesLoading: true,
      status: 'loading',
      error: undefined,
    };
  }
  return {
    notes: list.data,
    noteCount: count.data.count,
    noteCountMore: count.data.more,
    notesLoading: false,
    status: 'ready',
    error: undefined,
  };
}

/** A page of notes with the count of all that match. */
export function useNotesState(query: NotePageQuery) {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const list = useNotes(query);
  const count = useNoteCount(filters);
  return {
    ...notesState(list, count),
    /** Loads both again, e.g. after "Retry". */
    reload: () => {
      void list.refetch();
      void count.refetch();
    },
  };
}
