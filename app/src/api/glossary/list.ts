import { listGlossary as listGlossaryEndpoint } from '@protokoll/contract';
import type { GlossaryTerm } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/glossary

export async function fetchGlossary(
  folderId: number | undefined,
  signal?: AbortSignal,
): Promise<GlossaryTerm[]> {
  const { client } = await loadSession();
  const { terms } = await client.call(listGlossaryEndpoint, {
    query: folderId === undefined ? {} : { folder_id: folderId },
    signal,
  });
  return terms;
}

export function glossaryQueryOptions(folderId?: number) {
  return queryOptions({
    queryKey: keys.glossary(folderId),
    queryFn: ({ signal }) => fetchGlossary(folderId, signal),
    retry: false,
  });
}

/** The user's own glossary, or a folder's (docs/product.md#glossary). */
export function useGlossary(folderId?: number, enabled = true) {
  return useQuery({ ...glossaryQueryOptions(folderId), enabled });
}
