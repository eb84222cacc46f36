import { Progress as ProgressPrimitive } from 'radix-ui';
import { useFormat } from '../lib/format.ts';
import { cn } from '../lib/cn.ts';

export interface ProgressProps extends Omit<
  React.ComponentProps<typeof ProgressPrimitive.Root>,
  'value' | 'max' | 'aria-label'
> {
  /** Accessible name of the bar, e.g. "Upload von besprechung.m4a". */
  label: string;
  /** Percent done, 0–100. Leave it out (or pass `null`) while the amount of work is unknown. */
  value?: number | null;
}

/** A horizontal progress bar; without a `value` it is indeterminate. */
export function Progress({ label, value = null, className, ...props }: ProgressProps) {
  const format = useFormat();
  const clamped = value == null ? null : Math.min(100, Math.max(0, value));
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      aria-label={label}
      value={clamped}
      max={100}
      getValueLabel={(current, max) => format.percent(current / max)}
      className={cn('relative h-2 w-full min-w-0 overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        data-slot="progress-indicator"
        className={cn(
          'h-full rounded-full bg-primary transition-[width]',
          // Without keyframes of our own: a pulsing middle segment cannot be mistaken for a percentage.
          clamped == null && 'mx-auto w-2/5 animate-pulse',
        )}
        style={clamped == null ? undefined : { width: `${clamped}%` }}
      />
    </ProgressPrimitive.Root>
  );
}
