import type { DownloadFormat, Note, NoteDesign, NoteListItem } from '@protokoll/contract';
import type { NoteActionCallbacks } from '@protokoll/ui';
import { useDeleteNote } from '../../api/notes/delete.ts';
import { downloadNote } from '../../api/notes/download.ts';
import { useMoveNote } from '../../api/notes/move.ts';
import { useRetryNote } from '../../api/notes/retry.ts';
import { useUpdateNote } from '../../api/notes/update.ts';
import { toFailureText, withFailureText } from '../../lib/failure.ts';
import { notify, notifyFailure } from '../../lib/notify.ts';

type NoteRef = Pick<Note, 'id' | 'folder_id'>;

/**
 * What a note can be asked to do, shared by the list pages and the reader. Dialogs get the
 * call's promise (they wait for it and show its failure); actions whose menu has closed report
 * failures as notices.
 */
export function useNoteActions() {
  const update = useUpdateNote();
  const move = useMoveNote();
  const remove = useDeleteNote();
  const retry = useRetryNote();

  /** Runs `work`; a failure is reported and still rejects, so a waiting button stops spinning. */
  const reported = async <T>(work: Promise<T>, fallbackKey: string): Promise<T> => {
    try {
      return await work;
    } catch (error) {
      notifyFailure(error, fallbackKey);
      throw toFailureText(error);
    }
  };

  return {
    /** A download answers false on failure; that is told in a notice. */
    async download(
      note: Pick<Note, 'id'>,
      format: DownloadFormat,
      design?: NoteDesign,
    ): Promise<void> {
      if (!(await downloadNote(note.id, format, design))) {
        notify({ text: { key: 'downloads.failed' } });
      }
    },
    move(note: NoteRef, folderId: number | null): Promise<void> {
      return withFailureText(move.mutateAsync({ note_id: note.id, folder_id: folderId }));
    },
    setSaved(note: Pick<Note, 'id'>, saved: boolean): Promise<unknown> {
      return reported(
        update.mutateAsync({ id: note.id, saved }),
        saved ? 'notes.saveFailed' : 'notes.unsaveFailed',
      );
    },
    rename(note: Pick<Note, 'id'>, name: string): Promise<unknown> {
      return withFailureText(update.mutateAsync({ id: note.id, name }));
    },
    renameSpeakers(note: Pick<Note, 'id'>, names: Record<string, string>): Promise<unknown> {
      return withFailureText(update.mutateAsync({ id: note.id, speaker_names: names }));
    },
    remove(note: Pick<Note, 'id'>): Promise<void> {
      return withFailureText(remove.mutateAsync(note.id));
    },
    retry(note: Pick<Note, 'id'>): Promise<unknown> {
      return reported(retry.mutateAsync(note.id), 'notes.retryFailed');
    },
  };
}

export type NoteActions = ReturnType<typeof useNoteActions>;

/** The row callbacks of the list screens, with `open` supplied by the page. */
export function rowCallbacks(
  actions: NoteActions,
  open: (note: NoteListItem) => void,
): NoteActionCallbacks {
  return {
    onOpenNote: open,
    onDownload: (note, format, design) => actions.download(note, format, design),
    onMoveNote: (note, folderId) => actions.move(note, folderId),
    onToggleSaved: (note, saved) => actions.setSaved(note, saved),
    onDeleteNote: (note) => actions.remove(note),
    onRetryNote: (note) => actions.retry(note),
    onRenameNote: (note, name) => actions.rename(note, name),
  };
}
