import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useFormat } from '../lib/format.ts';

export interface SeekButtonProps extends Omit<React.ComponentProps<'button'>, 'onClick'> {
  /** Second of the recording this item came from. */
  start: number;
  /** Jump the recording to `start`. */
  onSeek: (seconds: number) => void;
}

/**
 * A summary item that plays its passage: the text, then its time ("14:48"), which screen
 * readers hear as "Zur Stelle 14:48 springen".
 */
export function SeekButton({ start, onSeek, className, children, ...props }: SeekButtonProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const time = format.clock(start);
  return (
    <button
      type="button"
      data-slot="seek-button"
      data-start={start}
      onClick={() => onSeek(start)}
      className={cn(
        'group flex w-full min-w-0 items-start gap-3 rounded-md px-3 py-2 text-left text-sm',
        'text-foreground transition-colors outline-none hover:bg-muted',
        'focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      <span className="min-w-0 flex-1 wrap-break-word">{children}</span>
      <span
        data-slot="seek-time"
        className={cn(
          'mt-px shrink-0 rounded-sm bg-muted px-1.5 py-0.5 text-xs font-medium tabular-nums',
          'text-muted-foreground group-hover:bg-surface group-hover:text-primary',
        )}
      >
        <span aria-hidden>{time}</span>
        <span className="sr-only">{t('reader.summary.jumpTo', { time })}</span>
      </span>
    </button>
  );
}
