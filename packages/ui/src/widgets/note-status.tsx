import type { Note, NoteStatus } from '@protokoll/contract';
import { CircleCheck, CircleExclamationPoint, Clock, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeProps } from '../components/badge.tsx';
import { Progress } from '../components/progress.tsx';
import { cn } from '../lib/cn.ts';

const look: Record<NoteStatus, { variant: BadgeProps['variant']; icon: React.ReactNode }> = {
  queued: { variant: 'neutral', icon: <Clock aria-hidden /> },
  transcribing: { variant: 'info', icon: <LoaderCircle aria-hidden /> },
  summarizing: { variant: 'info', icon: <LoaderCircle aria-hidden /> },
  done: { variant: 'success', icon: <CircleCheck aria-hidden /> },
  error: { variant: 'danger', icon: <CircleExclamationPoint aria-hidden /> },
};

export interface NoteStatusBadgeProps extends Omit<BadgeProps, 'variant' | 'children'> {
  /** The note's processing status; the badge names it in words, colour only repeats it. */
  status: NoteStatus;
}

/** "In Warteschlange", "Wird transkribiert", "Wird zusammengefasst", "Fertig" or "Fehlgeschlagen". */
export function NoteStatusBadge({ status, className, ...props }: NoteStatusBadgeProps) {
  const { t } = useTranslation();
  return (
    <Badge
      data-slot="note-status"
      data-state={status}
      variant={look[status].variant}
      className={cn('shrink-0', className)}
      {...props}
    >
      {look[status].icon}
      {t(`notes.status.${status}`)}
    </Badge>
  );
}

export interface NoteProgressProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  note: Pick<Note, 'name' | 'status' | 'progress'>;
}

/**
 * Status badge plus, while a step runs, its progress bar (named after the note, so several
 * bars in one list stay apart for screen readers). A queued note has no progress to show yet.
 */
export function NoteProgress({ note, className, ...props }: NoteProgressProps) {
  const { t } = useTranslation();
  const running = note.status === 'transcribing' || note.status === 'summarizing';
  return (
    <div
      data-slot="note-progress"
      className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5', className)}
      {...props}
    >
      <NoteStatusBadge status={note.status} />
      {running ? (
        <Progress
          label={t('notes.progress', { name: note.name })}
          value={note.progress}
          className="w-28 sm:w-36"
        />
      ) : null}
    </div>
  );
}
