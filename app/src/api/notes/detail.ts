import type { NoteDetail } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadNoteLists } from './list.ts';
import { isProcessing, isResummarising, PROCESSING_POLL_MS } from './processing.ts';

// GET /api/note/{id}

export async function fetchNote(id: number, signal?: AbortSignal): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.getNote, { params: { id }, signal });
  return note;
}

/** One note; the reader and the uploader both follow a note through it. */
export function noteQueryOptions(id: number) {
  return queryOptions({
    queryKey: keys.notes.detail(id),
    queryFn: ({ signal }) => fetchNote(id, signal),
    staleTime: 0,
    // A note that is still processing is followed until it is done or failed, and so is a new
    // summary being written (docs/uploads.md#summarising-again).
    refetchInterval: (query) =>
      query.state.data && (isProcessing(query.state.data) || isResummarising(query.state.data))
        ? PROCESSING_POLL_MS
        : false,
    retry: false,
  });
}

export function useNote(id: number | undefined) {
  return useQuery({ ...noteQueryOptions(id ?? 0), enabled: id !== undefined });
}

/** Puts a note the server answered with into its reader and reloads the lists. */
export function showChangedNote(queryClient: QueryClient, note: NoteDetail): Promise<void> {
  queryClient.setQueryData(keys.notes.detail(note.id), note);
  return reloadNoteLists(queryClient);
}
