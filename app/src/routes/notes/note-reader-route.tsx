import { buildPath, getNoteAudio, getNoteOriginal } from '@protokoll/contract';
import { NoteReader } from '@protokoll/ui';
import { useCallback, useEffect } from 'react';
import { useFolders } from '../../api/folders/list.ts';
import { useNote } from '../../api/notes/detail.ts';
import { useNotePeaks } from '../../api/notes/peaks.ts';
import { fetchTranscriptRevisions, useTranscriptEditing } from '../../api/notes/transcript.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';
import type { NoteActions } from './note-actions.ts';

/**
 * Where the recording streams from. The `<audio>` element cannot send the bearer header; the
 * server takes the token from the auth cookie the session writes (docs/sessions.md#auth-cookie).
 */
export function noteAudioUrl(id: number): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${buildPath(getNoteAudio.path, { id })}`;
}

/**
 * Where the original recording downloads from: a plain link, so the browser streams it to disk
 * however long it is; the server names the file and takes the token from the auth cookie.
 */
export function noteOriginalUrl(id: number): string {
  return `${import.meta.env.VITE_API_BASE ?? ''}${buildPath(getNoteOriginal.path, { id })}`;
}

interface NoteReaderViewProps {
  noteId: number;
  /** Transcript line of the search hit the note was opened from (`?at=`). */
  focusSegment?: number | undefined;
  actions: NoteActions;
  /** Back to the list the note was opened from. */
  onBack: () => void;
}

/**
 * The reader of `/notes?note=12` (and `/saved-notes?note=12`): the note with its summary,
 * transcript, speaker names and player; it follows a note that is still processing.
 */
export function NoteReaderView({ noteId, focusSegment, actions, onBack }: NoteReaderViewProps) {
  const note = useNote(noteId);
  const folders = useFolders();
  const peaks = useNotePeaks(noteId, note.data?.status === 'done');
  const transcript = useTranscriptEditing(noteId);
  const loadRevisions = useCallback(
    () => withFailureText(fetchTranscriptRevisions(noteId)),
    [noteId],
  );

  // A note opened from far down a list starts at its top. (Newer browsers answer scrollTo with
  // a promise, which must not be returned as the effect's cleanup.)
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [noteId]);

  const detail = note.data;
  const folderName =
    detail?.folder_id != null
      ? folders.data?.find((folder) => folder.id === detail.folder_id)?.name
      : undefined;

  return (
    <NoteReader
      note={detail}
      // A failed refresh of a note on screen (while it processes) keeps it there.
      status={detail ? 'ready' : note.isError ? 'error' : 'loading'}
      error={note.isError ? toFailureText(note.error) : undefined}
      onRetry={() => void note.refetch()}
      folderName={folderName}
      audioSrc={detail ? noteAudioUrl(detail.id) : undefined}
      peaks={peaks.data?.peaks}
      focusSegment={focusSegment}
      folders={folders.data}
      onBack={onBack}
      onDownload={(format, design) => actions.download({ id: noteId }, format, design)}
      originalHref={detail ? noteOriginalUrl(detail.id) : undefined}
      onRenameSpeakers={(names) => actions.renameSpeakers({ id: noteId }, names)}
      onToggleSaved={(saved) => actions.setSaved({ id: noteId }, saved)}
      onRetryProcessing={() => actions.retry({ id: noteId })}
      onRename={(name) => actions.rename({ id: noteId }, name)}
      onMove={(folderId) =>
        actions.move({ id: noteId, folder_id: detail?.folder_id ?? null }, folderId)
      }
      onEditTranscript={(change, baseVersion) =>
        withFailureText(transcript.edit.mutateAsync({ change, baseVersion }))
      }
      onUndoTranscript={(baseVersion) => withFailureText(transcript.undo.mutateAsync(baseVersion))}
      onLoadRevisions={loadRevisions}
      onReloadNote={() => void note.refetch()}
      onDelete={async () => {
        await actions.remove({ id: noteId });
        onBack();
      }}
    />
  );
}
