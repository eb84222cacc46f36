import { cn } from '../lib/cn.ts';

export type SkeletonProps = React.ComponentProps<'div'>;

/**
 * A grey placeholder in the shape of content that is still loading. Size it with `className`. It is
 * hidden from assistive technology: announce loading on the container (`aria-busy`) or with a Spinner.
 */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
