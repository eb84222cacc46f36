import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { cn } from '../../lib/cn.ts';
import { NoteList, type NotePageProps } from './note-list.tsx';
import { PageHeader } from '../../components/page-header.tsx';

export interface SavedNotesScreenProps
  extends NotePageProps, Omit<React.ComponentProps<'div'>, 'children'> {
  /** "Zu allen Notizen" in the empty state was pressed; without it no button shows. */
  onShowAllNotes?: (() => void) | undefined;
}

/**
 * `/saved-notes`: the notes the person marked as saved, with the same rows and actions as the
 * notes list. Removing a note from the saved ones is reported like any other action; the app
 * reloads the page without it.
 */
export function SavedNotesScreen({
  notes,
  count,
  status,
  error,
  onRetry,
  page,
  onPageChange,
  folders,
  onShowAllNotes,
  onOpenNote,
  onDownload,
  onMoveNote,
  onToggleSaved,
  onDeleteNote,
  onRetryNote,
  onRenameNote,
  className,
  ...props
}: SavedNotesScreenProps) {
  const { t } = useTranslation();
  const actions = {
    onOpenNote,
    onDownload,
    onMoveNote,
    onToggleSaved,
    onDeleteNote,
    onRetryNote,
    onRenameNote,
  };
  return (
    <div
      data-slot="saved-notes-screen"
      className={cn('mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10', className)}
      {...props}
    >
      <PageHeader title={t('notes.saved.title')} description={t('notes.saved.description')}>
        <p aria-live="polite" className="mt-1 min-h-5 text-sm text-muted-foreground">
          {status === 'ready' && count > 0 ? t('notes.count', { count }) : null}
        </p>
      </PageHeader>
      {/* The list's heading, so the empty state's title (an h3) sits in a proper outline. */}
      <h2 className="sr-only">{t('notes.saved.listLabel')}</h2>
      <NoteList
        className="mt-6"
        label={t('notes.saved.listLabel')}
        notes={notes}
        count={count}
        page={page}
        onPageChange={onPageChange}
        status={status}
        error={error}
        onRetry={onRetry}
        folders={folders}
        empty={
          <EmptyState
            icon={<Star />}
            title={t('notes.saved.emptyTitle')}
            description={t('notes.saved.emptyDescription')}
            action={
              onShowAllNotes ? (
                <Button variant="outline" onClick={onShowAllNotes}>
                  {t('notes.saved.toAllNotes')}
                </Button>
              ) : null
            }
          />
        }
        {...actions}
      />
    </div>
  );
}
