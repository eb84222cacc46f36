import { updateGlossaryTerm as updateGlossaryTermEndpoint } from '@protokoll/contract';
import type { GlossaryTerm, GlossaryTermInput } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../lib/query-keys.ts';
import { loadSession } from '../../session/session-context.ts';

// PUT /api/glossary/{id}

export async function updateGlossaryTerm({
  id,
  input,
}: {
  id: number;
  input: GlossaryTermInput;
}): Promise<GlossaryTerm> {
  const { client } = await loadSession();
  const { term } = await client.call(updateGlossaryTermEndpoint, {
    params: { id },
    body: input,
  });
  return term;
}

export function useUpdateGlossaryTerm(folderId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGlossaryTerm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.glossary(folderId) }),
  });
}
