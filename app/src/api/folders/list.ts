import type { Folder } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/folder/list

export async function fetchFolders(signal?: AbortSignal): Promise<Folder[]> {
  const { client, endpoints } = await loadSession();
  const { folders } = await client.call(endpoints.listFolders, { signal });
  return folders;
}

export function foldersQueryOptions() {
  return queryOptions({
    queryKey: keys.folders.list(),
    queryFn: ({ signal }) => fetchFolders(signal),
    // The API client already applies the contract's retries.
    retry: false,
  });
}

/** The signed-in person's folders, by name. */
export function useFolders() {
  return useQuery(foldersQueryOptions());
}

/**
 * Creating, renaming and deleting a folder each reload the folder list. The promise settles
 * after that reload, so a dialog that waits for it closes onto the updated list.
 */
export function reloadFolders(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keys.folders.all() });
}
