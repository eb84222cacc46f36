import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import { cn } from '../lib/cn.ts';

export const linkVariants = cva(
  [
    'rounded-sm font-medium underline underline-offset-4 transition-colors outline-none',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'focus-visible:ring-offset-background',
  ],
  {
    variants: {
      variant: {
        default:
          'text-primary decoration-primary/40 hover:text-primary-hover hover:decoration-current',
        muted:
          'text-muted-foreground decoration-muted-foreground/40 hover:text-foreground hover:decoration-current',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

export interface LinkProps extends React.ComponentProps<'a'>, VariantProps<typeof linkVariants> {
  /** `default` for links in text and calls to action, `muted` for secondary links (footers, legal). */
  variant?: 'default' | 'muted';
  /** Render the single child (a router's link component) with the link's look instead of an `<a>`. */
  asChild?: boolean;
}

/**
 * A text link. It knows no router: pass `href` for a plain link, or `asChild` with the router's
 * link as the child so navigation stays client-side.
 */
export function Link({ className, variant, asChild = false, ...props }: LinkProps) {
  const Component = asChild ? Slot.Root : 'a';
  return (
    <Component data-slot="link" className={cn(linkVariants({ variant }), className)} {...props} />
  );
}
