import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { buttonVariants } from './button.tsx';
import { Spinner } from './spinner.tsx';

/** Square sizes on top of the Button look; `variant` comes from `buttonVariants`. */
export const iconButtonVariants = cva('px-0', {
  variants: {
    size: {
      sm: 'size-8',
      md: 'size-10',
      lg: 'size-12',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface IconButtonProps
  extends Omit<React.ComponentProps<'button'>, 'aria-label'>, VariantProps<typeof buttonVariants> {
  /** Look, as for Button; defaults to `ghost`, the usual choice in toolbars and list rows. */
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'link';
  /** Square size: `sm` 32 px, `md` 40 px, `lg` 48 px, matching the Button heights. */
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name, announced instead of the icon (e.g. "Notiz löschen"). Required: the button has no text. */
  label: string;
  /** The icon; it is hidden from assistive technology. */
  children: React.ReactNode;
  /** Render the single child (a link, say) with the button's look instead of a `<button>`. */
  asChild?: boolean;
  /** Swaps the icon for a spinner and blocks clicks while an action runs. */
  loading?: boolean;
}

/** A button that shows only an icon and carries its name in `aria-label`. */
export function IconButton({
  label,
  className,
  variant = 'ghost',
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: IconButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), iconButtonVariants({ size }), className);
  if (asChild) {
    return (
      <Slot.Root data-slot="icon-button" aria-label={label} className={classes} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      data-slot="icon-button"
      data-state={loading ? 'loading' : undefined}
      type={type ?? 'button'}
      aria-label={label}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <Spinner label={null} />
      ) : (
        <span aria-hidden className="contents">
          {children}
        </span>
      )}
    </button>
  );
}
