import type { Folder as FolderEntity, Note } from '@protokoll/contract';
import { ArrowRight, Folder } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../components/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../components/card.tsx';
import { Skeleton } from '../components/skeleton.tsx';
import { cn } from '../lib/cn.ts';
import type { LoadStatus } from '../lib/load-status.ts';
import { LoadState } from './load-state.tsx';
import { NoteRow } from './note-row.tsx';

/** How many notes the dashboard lists (the five most recent, docs/product.md#pages). */
export const RECENT_NOTES_COUNT = 5;

/** Grey rows while loading, announced to screen readers by the text. */
function PlaceholderRows({ text, rows }: { text: string; rows: number }) {
  return (
    <div className="grid gap-3">
      <span className="sr-only">{text}</span>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} className="h-10 w-full" />
      ))}
    </div>
  );
}

export interface RecentNotesProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The newest notes; only the first five are shown. Status and progress show as they come. */
  notes: Note[];
  /** Load state of the notes. */
  status: LoadStatus;
  /** "Retry" was pressed after a failed load. */
  onRetry?: (() => void) | undefined;
  /** A note's name was clicked. */
  onOpenNote: (note: Note) => void;
  /** "Alle Notizen" was pressed; without it no such button shows. */
  onShowAll?: (() => void) | undefined;
  /** The person's folders, to name each note's folder. */
  folders?: FolderEntity[] | undefined;
}

/** The dashboard's "Letzte Notizen": the five newest notes with their live status. */
export function RecentNotes({
  notes,
  status,
  onRetry,
  onOpenNote,
  onShowAll,
  folders,
  className,
  ...props
}: RecentNotesProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const shown = notes.slice(0, RECENT_NOTES_COUNT);
  const folderName = (note: Note) => folders?.find((folder) => folder.id === note.folder_id)?.name;

  return (
    <Card
      data-slot="recent-notes"
      role="region"
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      // The rows run to the card's edges; the last one needs no padding below it.
      className={cn('gap-4', status === 'ready' && shown.length > 0 && 'pb-0', className)}
      {...props}
    >
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle asChild>
          <h2 id={titleId}>{t('dashboard.recentNotes.title')}</h2>
        </CardTitle>
        {onShowAll ? (
          <Button variant="ghost" size="sm" className="-mr-3" onClick={onShowAll}>
            {t('dashboard.recentNotes.showAll')}
            <ArrowRight aria-hidden />
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        <LoadState
          status={status}
          placeholder={<PlaceholderRows text={t('notes.loading')} rows={3} />}
          failedText={t('notes.loadFailed')}
          onRetry={onRetry}
          isEmpty={shown.length === 0}
          empty={
            <p className="text-sm text-muted-foreground">{t('dashboard.recentNotes.empty')}</p>
          }
        >
          <ul
            aria-labelledby={titleId}
            className="-mx-6 divide-y divide-border border-t border-border"
          >
            {shown.map((note) => (
              <NoteRow
                key={note.id}
                note={note}
                folderName={folderName(note)}
                onOpen={onOpenNote}
                className="px-6 sm:px-6"
              />
            ))}
          </ul>
        </LoadState>
      </CardContent>
    </Card>
  );
}

export interface FolderShortcutsProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The person's folders. */
  folders: FolderEntity[];
  /** Load state of the folders. */
  status: LoadStatus;
  /** "Retry" was pressed after a failed load. */
  onRetry?: (() => void) | undefined;
  /** A folder was picked: show its notes. */
  onOpenFolder: (folder: FolderEntity) => void;
}

/** The dashboard's "Ordner": one button per folder, leading to its notes. */
export function FolderShortcuts({
  folders,
  status,
  onRetry,
  onOpenFolder,
  className,
  ...props
}: FolderShortcutsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card
      data-slot="folder-shortcuts"
      role="region"
      aria-labelledby={titleId}
      aria-busy={status === 'loading' || undefined}
      className={cn('gap-4', className)}
      {...props}
    >
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('dashboard.folders.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <LoadState
          status={status}
          placeholder={<PlaceholderRows text={t('folders.loading')} rows={2} />}
          failedText={t('folders.loadFailed')}
          onRetry={onRetry}
          isEmpty={folders.length === 0}
          empty={<p className="text-sm text-muted-foreground">{t('dashboard.folders.empty')}</p>}
        >
          <ul aria-labelledby={titleId} className="-mx-3 grid gap-0.5">
            {folders.map((folder) => (
              <li key={folder.id}>
                <button
                  type="button"
                  onClick={() => onOpenFolder(folder)}
                  className={cn(
                    'flex w-full min-w-0 items-start gap-2.5 rounded-md px-3 py-2 text-left text-sm',
                    'font-medium text-foreground transition-colors outline-none hover:bg-muted',
                    'focus-visible:ring-2 focus-visible:ring-ring',
                  )}
                >
                  <Folder aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <span className="min-w-0 wrap-anywhere">{folder.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </LoadState>
      </CardContent>
    </Card>
  );
}
