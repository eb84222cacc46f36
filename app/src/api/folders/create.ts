import type { Folder } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadFolders } from './list.ts';

// POST /api/folder

export async function createFolder(name: string): Promise<Folder | undefined> {
  const { client, endpoints } = await loadSession();
  const { folder } = await client.call(endpoints.createFolder, { body: { name } });
  return folder;
}

export function useCreateFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFolder,
    onSuccess: () => reloadFolders(queryClient),
  });
}
