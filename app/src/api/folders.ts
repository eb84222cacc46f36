import type { Folder } from '@protokoll/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { loadSession, useSessionState } from '../session/session-context.ts';
import { noteKeys } from './notes.ts';

/*
 * The folder calls of SPEC §7, one fetcher + query options + hook per call. SPEC §4: creating,
 * renaming and deleting a folder each reload the folder list; the returned promise settles only
 * after that reload, so a dialog that waits for it closes onto the updated list.
 */

/** Query keys; the user's id keeps one person's folders from showing after another signs in. */
export const folderKeys = {
  all: ['folders'] as const,
  list: (userId: number | undefined) => ['folders', userId, 'list'] as const,
};

/** SPEC §4: the folder list is loaded again after every change to it. */
export function reloadFolders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: folderKeys.all });
}

// GET /api/folder/list

export async function fetchFolders(signal?: AbortSignal): Promise<Folder[]> {
  const { client, endpoints } = await loadSession();
  const { folders } = await client.call(endpoints.listFolders, { signal });
  return folders;
}

export function foldersQueryOptions(userId: number | undefined) {
  return queryOptions({
    queryKey: folderKeys.list(userId),
    queryFn: ({ signal }) => fetchFolders(signal),
    // The API client already applies the contract's retries.
    retry: false,
  });
}

/** The signed-in person's folders, by name. */
export function useFolders() {
  const { user } = useSessionState();
  return useQuery(foldersQueryOptions(user?.id));
}

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

// DELETE /api/folder

export async function deleteFolder(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.deleteFolder, { body: { id } });
}

export function useDeleteFolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFolder,
    // Its notes stay, unfiled (PRODUCT.md): their rows change too.
    onSuccess: () =>
      Promise.all([
        reloadFolders(queryClient),
        queryClient.invalidateQueries({ queryKey: noteKeys.all }),
      ]).then(() => undefined),
  });
}
