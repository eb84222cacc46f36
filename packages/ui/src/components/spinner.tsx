import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { useOffline } from '../lib/connection.ts';

export interface SpinnerProps extends React.ComponentProps<'span'> {
  /**
   * Accessible text; defaults to the translated "Loading …", offline to a visible "Waiting for
   * connection …" (docs/architecture.md#offline). Pass `null` when a parent already announces it.
   */
  label?: string | null;
  /** Icon size in pixels. */
  size?: number;
}

/** An indeterminate busy indicator with a live status label. */
export function Spinner({ label, size = 16, className, ...props }: SpinnerProps) {
  const { t } = useTranslation();
  // Offline a page's own loading indicator says it waits instead of spinning on.
  const waiting = useOffline() && label === undefined;
  const text = waiting
    ? t('shell.offline.waiting')
    : label === undefined
      ? t('common.loading')
      : label;
  return (
    <span
      data-slot="spinner"
      data-state={waiting ? 'waiting' : undefined}
      role={text ? 'status' : undefined}
      className={cn('inline-flex items-center', waiting && 'gap-2', className)}
      {...props}
    >
      <LoaderCircle aria-hidden size={size} className={waiting ? undefined : 'animate-spin'} />
      {text ? <span className={waiting ? 'text-sm' : 'sr-only'}>{text}</span> : null}
    </span>
  );
}
