import type { NoteDetail, UpdateNoteBody } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { showChangedNote } from './detail.ts';

// PATCH /api/note

export async function updateNote(body: UpdateNoteBody): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.updateNote, { body });
  return note;
}

/** Rename, save or unsave, or name the speakers of a note. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (note) => showChangedNote(queryClient, note),
  });
}
