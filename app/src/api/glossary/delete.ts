import { deleteGlossaryTerm as deleteGlossaryTermEndpoint } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../lib/query-keys.ts';
import { loadSession } from '../../session/session-context.ts';

// DELETE /api/glossary/{id}

export async function deleteGlossaryTerm(id: number): Promise<void> {
  const { client } = await loadSession();
  await client.call(deleteGlossaryTermEndpoint, { params: { id } });
}

export function useDeleteGlossaryTerm(folderId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.glossary(folderId) }),
  });
}
