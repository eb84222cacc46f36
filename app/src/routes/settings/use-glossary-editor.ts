import type { GlossaryEditorProps } from '@protokoll/ui';
import { useState } from 'react';
import { useCreateGlossaryTerm } from '../../api/glossary/create.ts';
import { useDeleteGlossaryTerm } from '../../api/glossary/delete.ts';
import { useGlossary } from '../../api/glossary/list.ts';
import { useUpdateGlossaryTerm } from '../../api/glossary/update.ts';
import { toFailureText } from '../../lib/failure.ts';

/**
 * A glossary's editor props from its hooks: the user's own (`folderId` undefined) or a folder's
 * (docs/product.md#glossary). The last action's state is the one the editor reports.
 */
export function useGlossaryEditor(folderId?: number, enabled = true): GlossaryEditorProps {
  const list = useGlossary(folderId, enabled);
  const create = useCreateGlossaryTerm(folderId);
  const update = useUpdateGlossaryTerm(folderId);
  const remove = useDeleteGlossaryTerm(folderId);
  const [last, setLast] = useState<{ type: 'add' | 'update' | 'delete'; term: string }>();
  const action = last?.type === 'add' ? create : last?.type === 'update' ? update : remove;
  const terms = list.data ?? [];
  return {
    terms,
    status: list.isPending ? 'loading' : list.isError ? 'error' : 'ready',
    onRetry: () => void list.refetch(),
    onAdd: (input) => {
      setLast({ type: 'add', term: input.term });
      create.mutate(input);
    },
    onUpdate: (id, input) => {
      setLast({ type: 'update', term: input.term });
      update.mutate({ id, input });
    },
    onDelete: (id) => {
      setLast({ type: 'delete', term: terms.find((term) => term.id === id)?.term ?? '' });
      remove.mutate(id);
    },
    actionStatus: last ? action.status : 'idle',
    lastAction: last,
    actionError: action.error ? toFailureText(action.error) : undefined,
  };
}
