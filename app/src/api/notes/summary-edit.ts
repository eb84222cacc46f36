import type { NoteDetail, SummaryChange } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { showChangedNote } from './detail.ts';

// POST /api/note/{id}/summary (docs/product.md#editing-the-summary)

export async function editSummary(
  id: number,
  baseVersion: number,
  change: SummaryChange,
): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.editSummary, {
    params: { id },
    body: { base_version: baseVersion, change },
  });
  return note;
}

/** Hand-made changes to a note's summary; each stored note goes into the reader and lists. */
export function useSummaryEditing(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change, baseVersion }: { change: SummaryChange; baseVersion: number }) =>
      editSummary(id, baseVersion, change),
    onSuccess: (note) => showChangedNote(queryClient, note),
  });
}
