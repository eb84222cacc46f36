import type { NoteDetail, ResummariseBody } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadMinutes } from '../user/minutes.ts';
import { showChangedNote } from './detail.ts';

// POST /api/note/{id}/resummarise

export async function resummariseNote(id: number, body: ResummariseBody): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.resummariseNote, { params: { id }, body });
  return note;
}

/**
 * Asks for a new summary of a finished note; the reader follows it until it is written. Minutes a
 * premium model reserves show at once.
 */
export function useResummariseNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ResummariseBody }) => resummariseNote(id, body),
    onSuccess: async (note) => {
      await Promise.all([
        showChangedNote(queryClient, note),
        reloadMinutes(queryClient),
        queryClient.invalidateQueries({ queryKey: keys.notes.summaries(note.id) }),
      ]);
    },
  });
}
