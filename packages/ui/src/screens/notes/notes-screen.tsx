import type { Folder, NoteCountQuery } from '@protokoll/contract';
import { FilePlus2, FileText, FolderOpen, Search, SearchX, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { Field } from '../../components/field.tsx';
import { IconButton } from '../../components/icon-button.tsx';
import { Input } from '../../components/input.tsx';
import { cn } from '../../lib/cn.ts';
import { useFormat } from '../../lib/format.ts';
import { FolderSidebar, type FolderCallbacks } from './folder-sidebar.tsx';
import type { LoadStatus } from '../../lib/load-status.ts';
import { NoteList, type NotePageProps } from './note-list.tsx';
import { PageHeader } from '../../components/page-header.tsx';

/** How long typing pauses before the search is reported (Enter reports at once). */
export const SEARCH_DELAY_MS = 350;

/**
 * The list's filters, named as the count and list calls name them (docs/product.md#notes-lists).
 */
export type NoteFilters = Pick<
  NoteCountQuery,
  'folder_id' | 'search_query' | 'start_date' | 'end_date'
>;

export interface NotesScreenProps
  extends NotePageProps, FolderCallbacks, Omit<React.ComponentProps<'div'>, 'children'> {
  /** The filters in force (the app keeps them in the URL). */
  filters: NoteFilters;
  /**
   * `count` is where a search stopped counting: more notes match, and the heading says "more
   * than" (docs/product.md#notes-lists).
   */
  countMore?: boolean | undefined;
  /**
   * The filters changed: a folder was picked, the search settled, a valid date range was set, or
   * everything was reset. The app starts again at page 1.
   */
  onFiltersChange: (filters: NoteFilters) => void;

  /** The person's folders for the sidebar, rows and move dialog. */
  folders: Folder[];
  /** Load state of the folders, independent of the notes'. */
  foldersStatus: LoadStatus;
  /** "Retry" was pressed after the folders failed to load. */
  onRetryFolders?: (() => void) | undefined;

  /** "Neue Notiz" was pressed (the app goes to the upload form); without it no button shows. */
  onNewNote?: (() => void) | undefined;
}

/** Drops empty values, so `{ search_query: '' }` and `{}` are the same filters. */
function clean(filters: NoteFilters): NoteFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''),
  ) as NoteFilters;
}

/**
 * `/notes`: folder sidebar (with create, rename and delete), search, date range, the notes of
 * one page with status, progress and actions (open, download, move, save, delete) and the
 * pagination. Every change is reported; the app loads and passes the result back.
 */
export function NotesScreen({
  notes,
  count,
  countMore = false,
  status,
  error,
  onRetry,
  page,
  onPageChange,
  filters,
  onFiltersChange,
  folders,
  foldersStatus,
  onRetryFolders,
  onNewNote,
  onCreateFolder,
  onRenameFolder,
  onDeleteFolder,
  onOpenFolderGlossary,
  onOpenFolderRegisters,
  onOpenNote,
  onDownload,
  onMoveNote,
  onToggleSaved,
  onDeleteNote,
  onRetryNote,
  onRenameNote,
  className,
  ...props
}: NotesScreenProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const report = (next: NoteFilters) => onFiltersChange(clean(next));
  const hasQuery = Boolean(filters.search_query || filters.start_date || filters.end_date);
  // The same call to action in the header and in the empty list.
  const newNoteButton = onNewNote ? (
    <Button onClick={onNewNote}>
      <FilePlus2 aria-hidden />
      {t('notes.newNote')}
    </Button>
  ) : null;

  const emptyState = hasQuery ? (
    <EmptyState
      icon={<SearchX />}
      title={t('notes.noResults.title')}
      description={t('notes.noResults.description')}
      action={
        <Button variant="outline" onClick={() => report({ folder_id: filters.folder_id })}>
          {t('notes.filters.reset')}
        </Button>
      }
    />
  ) : filters.folder_id !== undefined ? (
    <EmptyState
      icon={<FolderOpen />}
      title={t('notes.emptyFolder.title')}
      description={t('notes.emptyFolder.description')}
    />
  ) : (
    <EmptyState
      icon={<FileText />}
      title={t('notes.empty.title')}
      description={t('notes.empty.description')}
      action={newNoteButton}
    />
  );

  return (
    <div
      data-slot="notes-screen"
      className={cn('mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader title={t('notes.title')} actions={newNoteButton}>
        {/* Announces how many notes a new search or filter found. */}
        <p aria-live="polite" className="mt-1 min-h-5 text-sm text-muted-foreground">
          {status !== 'ready'
            ? null
            : countMore
              ? t('notes.countMore', { limit: format.number(count) })
              : t('notes.count', { count })}
        </p>
      </PageHeader>

      <div className="mt-6 grid gap-x-8 gap-y-6 sm:mt-8 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <FolderSidebar
          folders={folders}
          status={foldersStatus}
          onRetry={onRetryFolders}
          selectedId={filters.folder_id}
          onSelect={(folderId) => report({ ...filters, folder_id: folderId })}
          onCreateFolder={onCreateFolder}
          onRenameFolder={onRenameFolder}
          onDeleteFolder={onDeleteFolder}
          onOpenFolderGlossary={onOpenFolderGlossary}
          onOpenFolderRegisters={onOpenFolderRegisters}
        />
        <div className="grid grid-cols-[minmax(0,1fr)] min-w-0 content-start gap-5">
          <NoteFilterBar filters={filters} onChange={report} />
          <NoteList
            label={t('notes.listLabel')}
            notes={notes}
            count={count}
            page={page}
            onPageChange={onPageChange}
            status={status}
            error={error}
            onRetry={onRetry}
            folders={folders}
            showFolder={filters.folder_id === undefined}
            empty={emptyState}
            onOpenNote={onOpenNote}
            onDownload={onDownload}
            onMoveNote={onMoveNote}
            onToggleSaved={onToggleSaved}
            onDeleteNote={onDeleteNote}
            onRetryNote={onRetryNote}
            onRenameNote={onRenameNote}
          />
        </div>
      </div>
    </div>
  );
}

interface NoteFilterBarProps {
  filters: NoteFilters;
  onChange: (filters: NoteFilters) => void;
}

interface FilterDraft {
  search: string;
  from: string;
  to: string;
}

const sameDraft = (a: FilterDraft, b: FilterDraft) =>
  a.search === b.search && a.from === b.from && a.to === b.to;

/**
 * Search and date range. What is typed lives here until it is worth reporting: the search after
 * a pause or on Enter, a date once the range is complete and in order. New filters from the app
 * (a reset, the back button) replace what is shown.
 */
function NoteFilterBar({ filters, onChange }: NoteFilterBarProps) {
  const { t } = useTranslation();
  const applied: FilterDraft = {
    search: filters.search_query ?? '',
    from: filters.start_date ?? '',
    to: filters.end_date ?? '',
  };
  const [draft, setDraft] = useState(applied);
  // The filters last reported, to tell the app's echo of them from a change of its own.
  const [sent, setSent] = useState<FilterDraft | null>(null);
  const [shown, setShown] = useState(applied);
  if (!sameDraft(shown, applied)) {
    setShown(applied);
    // An echo must not undo what was typed since it was sent; anything else replaces the draft.
    if (!sent || !sameDraft(sent, applied)) {
      setDraft(applied);
      setSent(null);
    }
  }
  // The latest filters asked for: sent ones the app has not passed back yet count already.
  const latest = sent ?? applied;
  const rangeInvalid = Boolean(draft.from && draft.to && draft.from > draft.to);

  const send = (next: FilterDraft) => {
    const clean = { ...next, search: next.search.trim() };
    setSent(clean);
    onChange({
      ...filters,
      search_query: clean.search,
      start_date: clean.from,
      end_date: clean.to,
    });
  };

  const pendingSearch = draft.search.trim();
  const searchChanged = pendingSearch !== latest.search;
  const commitSearch = () => {
    if (searchChanged) send({ ...latest, search: pendingSearch });
  };

  // Typing pauses report the search; every keystroke restarts the wait.
  useEffect(() => {
    if (!searchChanged) return;
    const timer = setTimeout(commitSearch, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  });

  const changeDate = (key: 'from' | 'to', value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    if (next.from && next.to && next.from > next.to) return;
    send({ ...latest, from: next.from, to: next.to });
  };

  const canReset = Boolean(draft.search || draft.from || draft.to);

  return (
    <form
      role="search"
      data-slot="note-filters"
      aria-label={t('notes.filters.label')}
      onSubmit={(event) => event.preventDefault()}
      className="grid min-w-0 grid-cols-2 items-start gap-3 md:grid-cols-[minmax(0,1fr)_10rem_10rem_auto]"
    >
      <Field label={t('notes.search.label')} className="col-span-2 md:col-span-1">
        <div className="relative">
          <Input
            type="search"
            value={draft.search}
            placeholder={t('notes.search.placeholder')}
            onChange={(event) => setDraft({ ...draft, search: event.target.value })}
            // The date fields stop Enter from submitting the form by itself.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commitSearch();
              }
            }}
            className="pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden"
            enterKeyHint="search"
          />
          {draft.search ? (
            <IconButton
              label={t('notes.search.clear')}
              size="sm"
              className="absolute top-1 right-1"
              onClick={() => {
                setDraft({ ...draft, search: '' });
                if (latest.search) send({ ...latest, search: '' });
              }}
            >
              <X />
            </IconButton>
          ) : null}
          {/* After the field in tab order; searching does not need it, it is there for the mouse. */}
          <IconButton
            label={t('notes.search.submit')}
            size="sm"
            className="absolute top-1 left-1 text-muted-foreground"
            onClick={commitSearch}
          >
            <Search />
          </IconButton>
        </div>
      </Field>
      <Field label={t('notes.filters.from')}>
        <Input
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => changeDate('from', event.target.value)}
        />
      </Field>
      <Field
        label={t('notes.filters.to')}
        error={rangeInvalid ? t('validation.dateRangeInvalid') : undefined}
      >
        <Input
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => changeDate('to', event.target.value)}
        />
      </Field>
      <Button
        variant="ghost"
        // Lines up with the inputs, below their labels.
        className={cn(
          'col-span-2 justify-self-start md:col-span-1 md:mt-6.5',
          // On phones a row of its own is worth it only when there is something to reset.
          !canReset && 'max-md:hidden',
        )}
        disabled={!canReset}
        onClick={() => {
          const empty = { search: '', from: '', to: '' };
          setDraft(empty);
          setSent(empty);
          onChange({ folder_id: filters.folder_id });
        }}
      >
        {t('notes.filters.reset')}
      </Button>
    </form>
  );
}
