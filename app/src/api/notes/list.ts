import type { Note } from '@protokoll/contract';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys, type NotePageQuery } from '../../lib/query-keys.ts';
import { isProcessing, PROCESSING_POLL_MS } from './processing.ts';

// GET /api/note/list

/** One page of notes; a failure is thrown on, never turned into an empty answer. */
export async function fetchNotes(query: NotePageQuery, signal?: AbortSignal): Promise<Note[]> {
  const { client, endpoints } = await loadSession();
  const { notes } = await client.call(endpoints.listNotes, { query, signal });
  return notes;
}

export function notesQueryOptions(query: NotePageQuery) {
  return queryOptions({
    queryKey: keys.notes.list(query),
    queryFn: ({ signal }) => fetchNotes(query, signal),
    // Notes change without this tab (the worker, other tabs and devices): a page that opens
    // shows what it has and asks again at once.
    staleTime: 0,
    // Another page or filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // Processing notes update live.
    refetchInterval: (query) => (query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false),
    // The API client already applies the contract's retries (none for the list).
    retry: false,
  });
}

export function useNotes(query: NotePageQuery) {
  return useQuery(notesQueryOptions(query));
}

/** Every list, count and reader of notes loads again (a note was created, changed or removed). */
export function reloadNotes(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.notes.all() });
}

/** The lists and counts load again; the readers keep their note. */
export function reloadNoteLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.notes.lists() }),
    queryClient.invalidateQueries({ queryKey: keys.notes.counts() }),
  ]).then(() => undefined);
}
