import type { NoteDetail } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadMinutes } from '../user/minutes.ts';
import { showChangedNote } from './detail.ts';

// POST /api/note/{id}/retry

export async function retryNote(id: number): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.retryNote, { params: { id } });
  return note;
}

/** Runs the failed step again; the minutes it reserves show at once. */
export function useRetryNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryNote,
    onSuccess: async (note) => {
      await Promise.all([showChangedNote(queryClient, note), reloadMinutes(queryClient)]);
    },
  });
}
