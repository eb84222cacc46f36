import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn.ts';

export const badgeVariants = cva(
  [
    'inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border border-transparent px-2.5 py-0.5',
    'text-xs font-medium wrap-anywhere [&_svg]:size-3 [&_svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        neutral: 'border-border bg-muted text-foreground',
        brand: 'bg-accent text-accent-foreground',
        success: 'bg-success-subtle text-success-subtle-foreground',
        warning: 'bg-warning-subtle text-warning-subtle-foreground',
        danger: 'bg-danger-subtle text-danger-subtle-foreground',
        info: 'bg-info-subtle text-info-subtle-foreground',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

export interface BadgeProps
  extends React.ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  /** Colour by meaning: a status (`success`, `warning`, `danger`, `info`), `brand` or plain `neutral`. */
  variant?: 'neutral' | 'brand' | 'success' | 'warning' | 'danger' | 'info';
}

/** A short status or count label. Colour is never the only signal: the text says it too. */
export function Badge({ className, variant, ...props }: BadgeProps) {
  return (
    <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />
  );
}
