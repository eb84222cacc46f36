import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadFolders } from '../folders/list.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadMinutes } from '../user/minutes.ts';
import { refreshUserData } from '../user/user.ts';
import { reloadNotes } from './list.ts';

// DELETE /api/note?id=

export async function deleteNote(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.deleteNote, { query: { id } });
}

/**
 * After a deletion the notes, the folder list (its counts, docs/product.md#folders), the user
 * data and the (refunded) minutes load again.
 */
export async function afterNoteDeleted(queryClient: QueryClient, id: number): Promise<void> {
  // The deleted note's reader would answer for a note that is gone.
  queryClient.removeQueries({ queryKey: keys.notes.detail(id), exact: true });
  await Promise.all([
    reloadNotes(queryClient),
    reloadFolders(queryClient),
    refreshUserData(queryClient),
    reloadMinutes(queryClient),
  ]);
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_answer, id) => afterNoteDeleted(queryClient, id),
  });
}
