import {
  DEFAULT_PAGE_SIZE,
  type FailureText,
  type Folder,
  type Note,
  type NoteListItem,
} from '@protokoll/contract';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../components/pagination.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import type { LoadStatus } from '../../lib/load-status.ts';
import { LoadState } from '../../widgets/load-state.tsx';
import { NoteRow } from '../../widgets/note-row.tsx';
import { NoteActions, type NoteActionCallbacks } from './note-actions.tsx';

export interface NoteListProps extends NoteActionCallbacks {
  /** The notes of the current page, newest first. */
  notes: NoteListItem[];
  /** How many notes match in all (the count call), for the pagination. */
  count: number;
  /** The current page, starting at 1. */
  page: number;
  /** Notes per page; 10 by default (docs/product.md#notes-lists). */
  pageSize?: number;
  /** Another page was picked. */
  onPageChange: (page: number) => void;
  /** `loading` shows placeholder rows, `error` the message with a retry button. */
  status: LoadStatus;
  /** Why the load failed; "Notizen konnten nicht geladen werden." unless it says more. */
  error?: FailureText | undefined;
  /** "Retry" was pressed after a failed load. */
  onRetry?: (() => void) | undefined;
  /** The person's folders: names in the rows, choices in the move dialog. */
  folders: Folder[];
  /** Show each note's folder in its meta line (not inside one folder's view, where it repeats). */
  showFolder?: boolean;
  /** Accessible name of the list, e.g. "Notizen". */
  label: string;
  /** What stands in the list's place when it is ready and empty. */
  empty: React.ReactNode;
  className?: string;
}

/** What a screen showing one page of notes hands to its list (all notes, saved notes). */
export type NotePageProps = Pick<
  NoteListProps,
  | keyof NoteActionCallbacks
  | 'notes'
  | 'count'
  | 'status'
  | 'error'
  | 'onRetry'
  | 'page'
  | 'onPageChange'
  | 'folders'
>;

/** A page of notes with its row actions and pagination, or its loading, error or empty state. */
export function NoteList({
  notes,
  count,
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  status,
  error,
  onRetry,
  folders,
  showFolder = true,
  label,
  empty,
  className,
  ...actions
}: NoteListProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();

  const folderName = (note: Note) => {
    if (!showFolder) return undefined;
    if (note.folder_id === null) return t('notes.unfiled');
    return folders.find((folder) => folder.id === note.folder_id)?.name;
  };

  const state = status === 'ready' && notes.length === 0 ? 'empty' : status;
  return (
    <div
      data-slot="note-list"
      data-state={state}
      aria-busy={status === 'loading' || undefined}
      className={cn(state === 'ready' && 'grid gap-6', className) || undefined}
    >
      <LoadState
        status={status}
        placeholder={
          <>
            <span role="status" className="sr-only">
              {t('notes.loading')}
            </span>
            <ul
              aria-hidden
              className="divide-y divide-border rounded-lg border border-border bg-surface"
            >
              {[0, 1, 2, 3, 4].map((row) => (
                <li key={row} className="grid gap-2 px-4 py-4 sm:px-5">
                  <Skeleton className="h-5 w-3/5" />
                  <Skeleton className="h-4 w-2/5" />
                </li>
              ))}
            </ul>
          </>
        }
        failedText={failureText(error, 'notes.loadFailed') ?? t('notes.loadFailed')}
        onRetry={onRetry}
        isEmpty={notes.length === 0}
        empty={empty}
      >
        <ul
          aria-label={label}
          className="divide-y divide-border rounded-lg border border-border bg-surface shadow-xs"
        >
          {notes.map((note) => (
            <NoteRow
              key={note.id}
              note={note}
              folderName={folderName(note)}
              onOpen={actions.onOpenNote}
              actions={<NoteActions note={note} folders={folders} {...actions} />}
            />
          ))}
        </ul>
        <Pagination
          page={page}
          pageCount={Math.ceil(count / pageSize)}
          onPageChange={onPageChange}
        />
      </LoadState>
    </div>
  );
}
