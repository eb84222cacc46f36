import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys, type NoteFilterQuery } from '../../lib/query-keys.ts';

// GET /api/note/count

/** How many notes match; `more`: a search's count stopped there (docs/product.md#notes-lists). */
export interface NoteCount {
  count: number;
  more: boolean;
}

/** How many notes match; a failure is thrown on, never turned into zero. */
export async function fetchNoteCount(
  filters: NoteFilterQuery,
  signal?: AbortSignal,
): Promise<NoteCount> {
  const { client, endpoints } = await loadSession();
  const { count, more } = await client.call(endpoints.countNotes, { query: filters, signal });
  return { count, more: more ?? false };
}

export function noteCountQueryOptions(filters: NoteFilterQuery) {
  return queryOptions({
    queryKey: keys.notes.count(filters),
    queryFn: ({ signal }) => fetchNoteCount(filters, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useNoteCount(filters: NoteFilterQuery) {
  return useQuery(noteCountQueryOptions(filters));
}
