import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn.ts';
import { Button, type buttonVariants } from './button.tsx';

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
  children,
  ...props
}: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      variant={variant}
      size={size}
      asChild={asChild}
      loading={loading}
      className={cn(iconButtonVariants({ size }), className)}
      {...props}
    >
      {asChild || loading ? (
        !loading && children
      ) : (
        <span aria-hidden className="contents">
          {children}
        </span>
      )}
    </Button>
  );
}
