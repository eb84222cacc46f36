import type { NoteDetail, SummaryVersion } from '@protokoll/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { showChangedNote } from './detail.ts';

// GET /api/note/{id}/summaries, POST /api/note/{id}/summaries/{version}/restore

export async function fetchNoteSummaries(
  id: number,
  signal?: AbortSignal,
): Promise<SummaryVersion[]> {
  const { client, endpoints } = await loadSession();
  const { versions } = await client.call(endpoints.listNoteSummaries, { params: { id }, signal });
  return versions;
}

export function noteSummariesQueryOptions(id: number) {
  return queryOptions({
    queryKey: keys.notes.summaries(id),
    queryFn: ({ signal }) => fetchNoteSummaries(id, signal),
    staleTime: 0,
    retry: false,
  });
}

/** The versions of a note's summary, loaded once `enabled` (the versions dialog opened). */
export function useNoteSummaries(id: number, enabled: boolean) {
  return useQuery({ ...noteSummariesQueryOptions(id), enabled });
}

export async function restoreNoteSummary(id: number, version: number): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.restoreNoteSummary, { params: { id, version } });
  return note;
}

/** Makes an earlier summary current again; the reader and the versions follow. */
export function useRestoreNoteSummary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version }: { id: number; version: number }) =>
      restoreNoteSummary(id, version),
    onSuccess: async (note) => {
      await Promise.all([
        showChangedNote(queryClient, note),
        queryClient.invalidateQueries({ queryKey: keys.notes.summaries(note.id) }),
      ]);
    },
  });
}
