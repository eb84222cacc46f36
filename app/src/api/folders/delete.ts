import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadNotes } from '../notes/list.ts';
import { reloadFolders } from './list.ts';

// DELETE /api/folder

export async function deleteFolder(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.deleteFolder, { body: { id } });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    // Its notes stay, unfiled (docs/product.md#folders): their rows change too.
    onSuccess: () =>
      Promise.all([reloadFolders(queryClient), reloadNotes(queryClient)]).then(() => undefined),
  });
}
