import { cva, type VariantProps } from 'class-variance-authority';
import { CircleCheck, CircleExclamationPoint, Info, TriangleExclamationPoint } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export const alertVariants = cva(
  [
    'grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg border px-4 py-3 text-sm',
    '[&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  ],
  {
    variants: {
      variant: {
        info: 'border-info/30 bg-info-subtle text-info-subtle-foreground',
        success: 'border-success/30 bg-success-subtle text-success-subtle-foreground',
        warning: 'border-warning/50 bg-warning-subtle text-warning-subtle-foreground',
        danger: 'border-danger/30 bg-danger-subtle text-danger-subtle-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleExclamationPoint,
  danger: CircleExclamationPoint,
} as const;

export interface AlertProps
  extends Omit<React.ComponentProps<'div'>, 'title'>, VariantProps<typeof alertVariants> {
  /** Meaning and colour. `warning` and `danger` interrupt screen readers (`role="alert"`); the others are polite (`role="status"`). */
  variant?: 'info' | 'success' | 'warning' | 'danger';
  /** Short bold headline. */
  title?: React.ReactNode;
  /** The explanation under the title. */
  description?: React.ReactNode;
  /** Replaces the variant's icon; `null` shows none. */
  icon?: React.ReactNode;
  /** Extra content under the description, e.g. a retry button. */
  children?: React.ReactNode;
}

/** An inline message about the state of the page or of an action. */
export function Alert({
  variant = 'info',
  title,
  description,
  icon,
  className,
  children,
  ...props
}: AlertProps) {
  const Icon = icons[variant];
  const shownIcon = icon === undefined ? <Icon aria-hidden /> : icon;
  const urgent = variant === 'danger' || variant === 'warning';
  return (
    <div
      data-slot="alert"
      data-variant={variant}
      role={urgent ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), shownIcon == null && 'grid-cols-1', className)}
      {...props}
    >
      {shownIcon}
      <div className={cn('min-w-0 space-y-1', shownIcon != null && 'col-start-2')}>
        {title ? (
          <p data-slot="alert-title" className="font-semibold">
            {title}
          </p>
        ) : null}
        {description ? <div data-slot="alert-description">{description}</div> : null}
        {children}
      </div>
    </div>
  );
}
