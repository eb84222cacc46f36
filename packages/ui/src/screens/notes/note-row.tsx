import type { DownloadFormat, Folder, Note } from '@protokoll/contract';
import {
  Bookmark,
  BookmarkMinus,
  BookmarkPlus,
  Ellipsis,
  FolderInput,
  FileText,
  RotateCw,
  Trash2,
} from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../components/dropdown-menu.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { cn } from '../../lib/cn.ts';
import { fireAndForget, useMessageText, type ActionResult } from './action.ts';
import { DeleteNoteDialog } from './delete-note-dialog.tsx';
import { DownloadMenu } from './download-menu.tsx';
import { MoveToFolderDialog } from './move-to-folder-dialog.tsx';
import { useNoteFormat } from './note-format.ts';
import { NoteProgress } from './note-status.tsx';

export interface NoteRowProps extends Omit<React.ComponentProps<'li'>, 'children'> {
  /** The note as the list delivers it; status and progress update when the app passes a newer one. */
  note: Note;
  /** Name of the note's folder for the meta line; leave it out where folders are not known. */
  folderName?: string | undefined;
  /** The name was clicked: open the note in the reader. */
  onOpen: (note: Note) => void;
  /** Buttons at the row's end, e.g. `NoteActions`. */
  actions?: React.ReactNode;
}

/**
 * One note in a list: its name (opens it), date, duration and folder, the processing status
 * with progress while a step runs, and the reason when processing failed.
 */
export function NoteRow({ note, folderName, onOpen, actions, className, ...props }: NoteRowProps) {
  const { t } = useTranslation();
  const format = useNoteFormat();
  const messageText = useMessageText();
  const meta = [
    <time key="date" dateTime={note.created_at}>
      {format.dateTime(note.created_at)}
    </time>,
    note.duration_seconds != null ? (
      <span key="duration">{format.duration(note.duration_seconds)}</span>
    ) : null,
    folderName !== undefined ? (
      <span key="folder" className="min-w-0 wrap-anywhere">
        {folderName}
      </span>
    ) : null,
  ].filter(Boolean);

  return (
    <li
      data-slot="note-row"
      data-state={note.status}
      className={cn('flex min-w-0 items-start gap-3 px-4 py-3.5 sm:px-5', className)}
      {...props}
    >
      <div className="grid grid-cols-[minmax(0,1fr)] min-w-0 flex-1 gap-1.5">
        <div className="flex min-w-0 items-start gap-2">
          <button
            type="button"
            data-slot="note-row-open"
            onClick={() => onOpen(note)}
            className={cn(
              'min-w-0 rounded-sm text-left font-medium text-foreground wrap-break-word',
              'underline-offset-4 outline-none hover:text-primary hover:underline',
              'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
              'focus-visible:ring-offset-background',
            )}
          >
            {note.name}
          </button>
          {note.saved ? (
            <span data-slot="note-saved" className="mt-0.5 shrink-0 text-primary">
              <Bookmark aria-hidden className="size-4 fill-current" />
              <span className="sr-only">{t('notes.savedBadge')}</span>
            </span>
          ) : null}
        </div>
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5 text-sm text-muted-foreground">
          {meta.map((item, index) => (
            <span key={index} className="contents">
              {index > 0 ? <span aria-hidden>·</span> : null}
              {item}
            </span>
          ))}
        </p>
        {note.status === 'done' ? null : <NoteProgress note={note} className="mt-0.5" />}
        {note.status === 'error' ? (
          <p data-slot="note-error" className="text-sm text-danger">
            {messageText(note.error) ?? t('notes.failedFallback')}
          </p>
        ) : null}
      </div>
      {actions ? (
        <div data-slot="note-row-actions" className="-mr-1.5 flex shrink-0 items-center gap-0.5">
          {actions}
        </div>
      ) : null}
    </li>
  );
}

/** What a list of notes can be asked to do with one note. */
export interface NoteActionCallbacks {
  /** Open the note in the reader. */
  onOpenNote: (note: Note) => void;
  /** Download the note in `format`; offered for finished notes only. */
  onDownload: (note: Note, format: DownloadFormat) => ActionResult;
  /** Move the note into a folder (`null`: none); the dialog waits for a returned promise. */
  onMoveNote: (note: Note, folderId: number | null) => ActionResult;
  /** Mark the note as saved (`true`) or not; failures are the app's to report. */
  onToggleSaved: (note: Note, saved: boolean) => ActionResult;
  /** Delete the note; the confirmation waits for a returned promise. */
  onDeleteNote: (note: Note) => ActionResult;
  /** Run the failed step of a note again; without it no such action is offered. */
  onRetryNote?: ((note: Note) => ActionResult) | undefined;
}

export interface NoteActionsProps extends NoteActionCallbacks {
  note: Note;
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
}: NoteActionsProps) {
  const { t } = useTranslation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [dialog, setDialog] = useState<'move' | 'delete' | null>(null);
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
          onDownload={(format) => onDownload(note, format)}
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
          <DropdownMenuItem onSelect={() => setDialog('move')}>
            <FolderInput aria-hidden />
            {t('notes.actions.move')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => fireAndForget(onToggleSaved(note, !note.saved))}>
            {note.saved ? <BookmarkMinus aria-hidden /> : <BookmarkPlus aria-hidden />}
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
  );
}
