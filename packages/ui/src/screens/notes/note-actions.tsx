import type { DownloadFormat, Folder, Note, NoteDesign, NoteListItem } from '@protokoll/contract';
import {
  Ellipsis,
  FolderInput,
  FileText,
  Pencil,
  RotateCw,
  Star,
  StarOff,
  Trash2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { fireAndForget, type ActionResult } from './action.ts';
import { DeleteNoteDialog } from './delete-note-dialog.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { RenameNoteDialog } from './folder-dialogs.tsx';
import { MoveToFolderDialog } from './move-to-folder-dialog.tsx';

/** What a list of notes can be asked to do with one note. */
export interface NoteActionCallbacks {
  /** Open the note in the reader. */
  onOpenNote: (note: NoteListItem) => void;
  /**
   * Download the note in `format`; offered for finished notes only. DOCX and PDF come with the
   * design chosen in the menu (the note's own at first).
   */
  onDownload: (note: Note, format: DownloadFormat, design?: NoteDesign) => ActionResult;
  /** Move the note into a folder (`null`: none); the dialog waits for a returned promise. */
  onMoveNote: (note: Note, folderId: number | null) => ActionResult;
  /** Mark the note as saved (`true`) or not; failures are the app's to report. */
  onToggleSaved: (note: Note, saved: boolean) => ActionResult;
  /** Delete the note; the confirmation waits for a returned promise. */
  onDeleteNote: (note: Note) => ActionResult;
  /** Run the failed step of a note again; without it no such action is offered. */
  onRetryNote?: ((note: Note) => ActionResult) | undefined;
  /** Rename the note; the dialog waits for a returned promise. Without it no such action shows. */
  onRenameNote?: ((note: Note, name: string) => ActionResult) | undefined;
}

export interface NoteActionsProps extends NoteActionCallbacks {
  note: NoteListItem;
  /** The person's folders, offered by the move dialog. */
  folders: Folder[];
}

/**
 * A row's buttons: the download menu (finished notes) and the actions menu (open, move, save or
 * unsave, process again after a failure, delete), with the move and delete dialogs they open.
 * Closing a dialog puts focus back on the actions button.
 */
export function NoteActions({
  note,
  folders,
  onOpenNote,
  onDownload,
  onMoveNote,
  onToggleSaved,
  onDeleteNote,
  onRetryNote,
  onRenameNote,
}: NoteActionsProps) {
  const { t } = useTranslation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, showDialog] = useState<'rename' | 'move' | 'delete' | null>(null);
  // The dialogs mount when one first opens, and stay (their closing animates and returns focus):
  // closed, they show nothing, but their hooks ran for every row of every list rendered, on the
  // server too (docs/decisions/002-rendering-per-request.md).
  const [dialogsMounted, mountDialogs] = useState(false);
  const setDialog = (next: 'rename' | 'move' | 'delete' | null) => {
    if (next) mountDialogs(true);
    showDialog(next);
  };
  const returnFocus = (event: Event) => {
    // After a deletion the row is about to go; then the dialog's own choice stands.
    if (!triggerRef.current?.isConnected) return;
    event.preventDefault();
    triggerRef.current.focus();
  };

  return (
    <>
      {note.status === 'done' ? (
        <DownloadMenu
          compact
          noteName={note.name}
          design={note.design}
          onDownload={(format, design) =>
            design ? onDownload(note, format, design) : onDownload(note, format)
          }
        />
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton
            ref={triggerRef}
            data-slot="note-actions-trigger"
            size="sm"
            label={t('notes.actions.label', { name: note.name })}
          >
            <Ellipsis />
          </IconButton>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" data-slot="note-actions">
          <DropdownMenuItem onSelect={() => onOpenNote(note)}>
            <FileText aria-hidden />
            {t('notes.actions.open')}
          </DropdownMenuItem>
          {onRenameNote ? (
            <DropdownMenuItem onSelect={() => setDialog('rename')}>
              <Pencil aria-hidden />
              {t('notes.actions.rename')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => setDialog('move')}>
            <FolderInput aria-hidden />
            {t('notes.actions.move')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => fireAndForget(onToggleSaved(note, !note.saved))}>
            {note.saved ? <StarOff aria-hidden /> : <Star aria-hidden />}
            {note.saved ? t('notes.actions.unsave') : t('notes.actions.save')}
          </DropdownMenuItem>
          {note.status === 'error' && onRetryNote ? (
            <DropdownMenuItem onSelect={() => fireAndForget(onRetryNote(note))}>
              <RotateCw aria-hidden />
              {t('notes.actions.retry')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="danger" onSelect={() => setDialog('delete')}>
            <Trash2 aria-hidden />
            {t('notes.actions.delete')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {dialogsMounted && onRenameNote ? (
        <RenameNoteDialog
          open={dialog === 'rename'}
          onOpenChange={(open) => setDialog(open ? 'rename' : null)}
          note={note}
          onRename={(name) => onRenameNote(note, name)}
          onCloseAutoFocus={returnFocus}
        />
      ) : null}
      {dialogsMounted ? (
        <>
          <MoveToFolderDialog
            open={dialog === 'move'}
            onOpenChange={(open) => setDialog(open ? 'move' : null)}
            note={note}
            folders={folders}
            onMove={(folderId) => onMoveNote(note, folderId)}
            onCloseAutoFocus={returnFocus}
          />
          <DeleteNoteDialog
            open={dialog === 'delete'}
            onOpenChange={(open) => setDialog(open ? 'delete' : null)}
            note={note}
            onDelete={() => onDeleteNote(note)}
            onCloseAutoFocus={returnFocus}
          />
        </>
      ) : null}
    </>
  );
}
