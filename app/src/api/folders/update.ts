import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadFolders } from './list.ts';

// PUT /api/folder

export async function updateFolder(input: { id: number; name: string }): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.updateFolder, { body: input });
}

export function useUpdateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFolder,
    onSuccess: () => reloadFolders(queryClient),
  });
}
