import type {
  EditTranscriptBody,
  NoteDetail,
  TranscriptChange,
  TranscriptRevision,
} from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { showChangedNote } from './detail.ts';

// POST /api/note/{id}/transcript, POST /api/note/{id}/transcript/undo, GET /api/note/{id}/revisions
// (docs/product.md#editing-the-transcript)

export async function editTranscript(
  id: number,
  body: EditTranscriptBody & { change: TranscriptChange },
): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.editTranscript, { params: { id }, body });
  return note;
}

/** Undoes the newest change, or with `revisionId` one glossary correction (docs/product.md#glossary). */
export async function undoTranscript(
  id: number,
  baseVersion: number,
  revisionId?: number,
): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.undoTranscript, {
    params: { id },
    body:
      revisionId === undefined
        ? { base_version: baseVersion }
        : { base_version: baseVersion, revision_id: revisionId },
  });
  return note;
}

export async function fetchTranscriptRevisions(id: number): Promise<TranscriptRevision[]> {
  const { client, endpoints } = await loadSession();
  const { revisions } = await client.call(endpoints.listTranscriptRevisions, { params: { id } });
  return revisions;
}

/** Changes and undo of a note's transcript; each stored note goes into the reader and lists. */
export function useTranscriptEditing(id: number) {
  const queryClient = useQueryClient();
  const edit = useMutation({
    mutationFn: ({ change, baseVersion }: { change: TranscriptChange; baseVersion: number }) =>
      editTranscript(id, { base_version: baseVersion, change }),
    onSuccess: (note) => showChangedNote(queryClient, note),
  });
  const undo = useMutation({
    mutationFn: (baseVersion: number) => undoTranscript(id, baseVersion),
    onSuccess: (note) => showChangedNote(queryClient, note),
  });
  const undoCorrection = useMutation({
    mutationFn: ({ revisionId, baseVersion }: { revisionId: number; baseVersion: number }) =>
      undoTranscript(id, baseVersion, revisionId),
    onSuccess: (note) => showChangedNote(queryClient, note),
  });
  return { edit, undo, undoCorrection };
}
