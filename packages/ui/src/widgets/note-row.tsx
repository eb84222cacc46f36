import { noteFailure, type NoteListItem, type SearchHit } from '@protokoll/contract';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useFailureText } from '../lib/failure-text.ts';
import { useFormat } from '../lib/format.ts';
import { NoteProgress } from './note-status.tsx';
import { RecordingLength } from './recording-length.tsx';

export interface NoteRowProps extends Omit<React.ComponentProps<'li'>, 'children'> {
  /**
   * The note as the list delivers it; status and progress update when the app passes a newer one.
   * A search's list carries where the note matched (`search_hit`), shown under the meta line.
   */
  note: NoteListItem;
  /** Name of the note's folder for the meta line; leave it out where folders are not known. */
  folderName?: string | undefined;
  /** The name (or the search hit's passage) was clicked: open the note in the reader. */
  onOpen: (note: NoteListItem) => void;
  /** Buttons at the row's end, e.g. `NoteActions`. */
  actions?: React.ReactNode;
}

/**
 * One note in a list: its name (opens it), date, duration and folder, the processing status
 * with progress while a step runs, and the reason when processing failed. In a search's list,
 * the passage that matched, with the found words marked; it opens the note there too.
 */
export function NoteRow({ note, folderName, onOpen, actions, className, ...props }: NoteRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const failureText = useFailureText();
  const meta = [
    <time key="date" dateTime={note.created_at}>
      {format.dateTime(note.created_at)}
    </time>,
    note.duration_seconds != null ? (
      <RecordingLength key="duration" seconds={note.duration_seconds} />
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
              <Star aria-hidden className="size-4 fill-current" />
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
        {note.search_hit ? (
          <SearchHitPassage hit={note.search_hit} onOpen={() => onOpen(note)} />
        ) : null}
        {note.status === 'done' ? null : <NoteProgress note={note} className="mt-0.5" />}
        {note.status === 'error' ? (
          <p data-slot="note-error" className="text-sm text-danger">
            {failureText(noteFailure(note.error)) ?? t('notes.failedFallback')}
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

/**
 * Where a search matched (docs/product.md#search-hits): the passage, its found words marked, as a
 * button that opens the note at that transcript line.
 */
function SearchHitPassage({ hit, onOpen }: { hit: SearchHit; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-slot="note-search-hit"
      onClick={onOpen}
      className={cn(
        'min-w-0 justify-self-start rounded-sm border-l-2 border-primary/40 pl-2.5 text-left text-sm',
        'text-muted-foreground',
        'wrap-break-word outline-none hover:border-primary hover:text-foreground',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background',
      )}
    >
      <span className="sr-only">
        {t(hit.line === null ? 'notes.searchHit.summary' : 'notes.searchHit.open')}:{' '}
      </span>
      {hit.cut_start ? '…' : null}
      {hit.passage.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-xs bg-primary/15 px-0.5 font-medium text-foreground">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
      {hit.cut_end ? '…' : null}
    </button>
  );
}
