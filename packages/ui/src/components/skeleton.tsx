import { cn } from '../lib/cn.ts';
import { useOffline } from '../lib/connection.ts';

export type SkeletonProps = React.ComponentProps<'div'>;

/**
 * A grey placeholder in the shape of content that is still loading. Size it with `className`. It is
 * hidden from assistive technology: announce loading on the container (`aria-busy`) or with a Spinner.
 * Offline (`useOffline`) it holds still: nothing loads until the connection is back, which the
 * shell's connection banner says.
 */
export function Skeleton({ className, ...props }: SkeletonProps) {
  const offline = useOffline();
  return (
    <div
      data-slot="skeleton"
      data-state={offline ? 'waiting' : undefined}
      aria-hidden
      className={cn('rounded-md bg-muted', !offline && 'animate-pulse', className)}
      {...props}
    />
  );
}
