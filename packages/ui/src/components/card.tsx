import { Slot } from 'radix-ui';
import { cn } from '../lib/cn.ts';

export type CardProps = React.ComponentProps<'div'>;

/** A bordered surface that groups related content. Compose with CardHeader, CardContent, CardFooter. */
export function Card({ className, ...props }: CardProps) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex min-w-0 flex-col gap-6 rounded-lg border border-border bg-surface py-6 text-foreground',
        'shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export type CardHeaderProps = React.ComponentProps<'div'>;

/** Title and description at the top of a Card. */
export function CardHeader({ className, ...props }: CardHeaderProps) {
  return (
    <div
      data-slot="card-header"
      className={cn('flex flex-col gap-1.5 px-6', className)}
      {...props}
    />
  );
}

export interface CardTitleProps extends React.ComponentProps<'h3'> {
  /** Render the single child (an `<h2>`, say) with the title's look, to fit the page's heading order. */
  asChild?: boolean;
}

/** The Card's heading; an `<h3>` unless `asChild` gives it another level. */
export function CardTitle({ className, asChild = false, ...props }: CardTitleProps) {
  const Component = asChild ? Slot.Root : 'h3';
  return (
    <Component
      data-slot="card-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export type CardDescriptionProps = React.ComponentProps<'p'>;

/** Secondary text under the CardTitle. */
export function CardDescription({ className, ...props }: CardDescriptionProps) {
  return (
    <p
      data-slot="card-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export type CardContentProps = React.ComponentProps<'div'>;

/** The Card's main content. */
export function CardContent({ className, ...props }: CardContentProps) {
  return <div data-slot="card-content" className={cn('px-6', className)} {...props} />;
}

export type CardFooterProps = React.ComponentProps<'div'>;

/** Actions at the bottom of a Card, laid out in a wrapping row. */
export function CardFooter({ className, ...props }: CardFooterProps) {
  return (
    <div
      data-slot="card-footer"
      className={cn('flex flex-wrap items-center gap-3 px-6', className)}
      {...props}
    />
  );
}
