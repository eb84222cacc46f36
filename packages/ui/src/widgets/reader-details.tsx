import type { RemovedSegment, RemovedSegmentReason, SummaryWindow } from '@protokoll/contract';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';
import { SeekButton } from './seek-button.tsx';

const REASONS: readonly RemovedSegmentReason[] = ['credit', 'repeat', 'loop'];

export interface RemovedPassagesProps extends Omit<React.ComponentProps<'details'>, 'children'> {
  /** Passages the speech engine invented and that were taken out, in time order. */
  removed: readonly RemovedSegment[];
  /** Jump the recording to a passage's second. */
  onSeek: (seconds: number) => void;
}

/**
 * The note's details on invented text (docs/uploads.md#invented-text): a closed disclosure, "3
 * Passagen entfernt (Untertitel-Abspann, Wiederholung)", listing each passage with its time,
 * reason and the engine's words. Nothing shows when nothing was taken out.
 */
export function RemovedPassages({ removed, onSeek, className, ...props }: RemovedPassagesProps) {
  const { t } = useTranslation();
  if (removed.length === 0) return null;
  const reasons = REASONS.filter((reason) => removed.some((entry) => entry.reason === reason))
    .map((reason) => t(`noteTools.removed.reason.${reason}`))
    .join(', ');
  return (
    <details
      data-slot="removed-passages"
      className={cn('group rounded-lg border border-border bg-card px-4 py-3', className)}
      {...props}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-foreground [&::-webkit-details-marker]:hidden">
        <ChevronRight
          aria-hidden
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-90"
        />
        {t('noteTools.removed.summary', { count: removed.length, reasons })}
      </summary>
      <p className="mt-2 text-sm text-muted-foreground">{t('noteTools.removed.description')}</p>
      <ul className="-mx-3 mt-2 grid gap-0.5">
        {removed.map((entry, index) => (
          <li key={index}>
            <SeekButton start={entry.start} onSeek={onSeek}>
              <span className="block text-xs font-medium text-muted-foreground">
                {t(`noteTools.removed.reason.${entry.reason}`)}
              </span>
              <q className="block text-foreground">{entry.text}</q>
            </SeekButton>
          </li>
        ))}
      </ul>
    </details>
  );
}

export interface SummaryGapsProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The summary's ten-minute windows; only those not summarised are listed. */
  windows: readonly SummaryWindow[] | undefined;
  /** Jump the recording to a window's start. */
  onSeek: (seconds: number) => void;
}

/**
 * The windows of a long recording the summary has nothing from (docs/uploads.md#long-recordings):
 * "50:00–60:00: Nichts zusammenzufassen", or that could not be summarised. Nothing shows when
 * every window is in the summary.
 */
export function SummaryGaps({ windows, onSeek, className, ...props }: SummaryGapsProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const gaps = (windows ?? []).filter((window) => window.status !== 'summarised');
  if (gaps.length === 0) return null;
  return (
    <div data-slot="summary-gaps" className={cn('grid gap-1', className)} {...props}>
      <p className="text-sm font-medium text-foreground">{t('noteTools.windows.title')}</p>
      <ul className="-mx-3 grid gap-0.5">
        {gaps.map((window) => (
          <li key={window.start} data-status={window.status}>
            <SeekButton
              start={window.start}
              onSeek={onSeek}
              className={cn(window.status === 'failed' ? 'text-danger' : 'text-muted-foreground')}
            >
              {t(`noteTools.windows.${window.status === 'failed' ? 'failed' : 'empty'}`, {
                from: format.clock(window.start),
                to: format.clock(window.end),
              })}
            </SeekButton>
          </li>
        ))}
      </ul>
    </div>
  );
}
