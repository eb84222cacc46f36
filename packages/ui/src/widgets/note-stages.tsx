import type { NoteRetry, NoteStatus } from '@protokoll/contract';
import { Check, CloudAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../components/alert.tsx';
import { Progress } from '../components/progress.tsx';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';

/** Where a new note stands: its bytes still travelling (`uploading`), or its processing status. */
export type NoteStage = 'uploading' | Exclude<NoteStatus, 'error'>;

const STAGES: readonly NoteStage[] = ['uploading', 'queued', 'transcribing', 'summarizing', 'done'];

/** The failure key of an engine that could not be reached at all. */
const UNREACHABLE = 'processing.engine.unreachable';

export interface NoteStagesProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The note's name (or the file's, while uploading); names the steps for screen readers. */
  name: string;
  stage: NoteStage;
  /** Percent of the current step (bytes sent while uploading, the server's progress after). */
  progress?: number | undefined;
  /** Set while the note waits for its next attempt: said instead of a bar standing still. */
  retry?: NoteRetry | null | undefined;
}

/**
 * The way of a new note, step by step (docs/uploads.md#following-a-new-note): uploading → queued →
 * transcribing n % → summarising → done, the current step marked and its progress shown. While
 * the job waits after a failed attempt it says why and when it tries again ("Speech engine not
 * reachable, next attempt at 14:32, attempt 2 of 5").
 */
export function NoteStages({ name, stage, progress, retry, className, ...props }: NoteStagesProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const current = STAGES.indexOf(stage);
  const measured = stage === 'uploading' || stage === 'transcribing' || stage === 'summarizing';
  return (
    <div data-slot="note-stages" className={cn('grid gap-3', className)} {...props}>
      <ol
        aria-label={t('uploads.stages.label', { name })}
        className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm"
      >
        {STAGES.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={step}
              data-state={state}
              aria-current={state === 'current' ? 'step' : undefined}
              className={cn(
                'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1',
                state === 'done' && 'text-muted-foreground',
                state === 'current' && 'bg-primary/10 font-medium text-foreground',
                state === 'upcoming' && 'text-muted-foreground',
              )}
            >
              {state === 'done' ? <Check aria-hidden className="size-3.5" /> : null}
              {t(`uploads.stages.${step}`)}
              {state === 'current' && step === 'transcribing' && progress !== undefined ? (
                <span className="tabular-nums">{format.percent(progress / 100)}</span>
              ) : null}
            </li>
          );
        })}
      </ol>
      {measured && !retry ? (
        <Progress
          label={t('notes.progress', { name })}
          value={progress ?? null}
          className="max-w-md"
        />
      ) : null}
      {retry ? (
        <Alert
          variant="warning"
          role="status"
          data-slot="note-retry"
          icon={<CloudAlert aria-hidden />}
          title={
            retry.last_error === UNREACHABLE
              ? t('uploads.stages.waitingUnreachable')
              : t('uploads.stages.waitingOther')
          }
          description={t('uploads.stages.waitingNext', {
            time: format.time(retry.next_attempt_at),
            attempt: retry.attempt,
            max: retry.max_attempts,
          })}
        />
      ) : null}
    </div>
  );
}
