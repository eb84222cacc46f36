import { createGlossaryTerm as createGlossaryTermEndpoint } from '@protokoll/contract';
import type { GlossaryTerm, GlossaryTermInput } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { keys } from '../../lib/query-keys.ts';
import { loadSession } from '../../session/session-context.ts';

// POST /api/glossary

export async function createGlossaryTerm(
  input: GlossaryTermInput & { folder_id?: number | undefined },
): Promise<GlossaryTerm> {
  const { client } = await loadSession();
  const { term } = await client.call(createGlossaryTermEndpoint, { body: input });
  return term;
}

/** Adds a term to the user's glossary (`folderId` undefined) or a folder's; reloads it. */
export function useCreateGlossaryTerm(folderId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GlossaryTermInput) =>
      createGlossaryTerm(folderId === undefined ? input : { ...input, folder_id: folderId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.glossary(folderId) }),
  });
}
