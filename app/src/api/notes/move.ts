import type { MoveNoteBody } from '@protokoll/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadFolders } from '../folders/list.ts';
import { refreshUserData } from '../user/user.ts';
import { reloadNotes } from './list.ts';

// POST /api/note/move

export async function moveNote(body: MoveNoteBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.moveNote, { body });
}

/**
 * After a move the notes, the folder list (its counts, docs/product.md#folders) and the user
 * data load again.
 */
export async function afterNoteMoved(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    reloadNotes(queryClient),
    reloadFolders(queryClient),
    refreshUserData(queryClient),
  ]);
}

export function useMoveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveNote,
    onSuccess: () => afterNoteMoved(queryClient),
  });
}
