import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '../lib/cn.ts';

export const pageTitleVariants = cva(
  'text-2xl font-semibold tracking-tight text-foreground sm:text-3xl',
  {
    variants: {
      /**
       * `words`: a title of words, balanced over its lines, a word longer than the line broken.
       * `anywhere`: a file name or the like, broken anywhere and not balanced.
       */
      wrap: { words: 'text-balance wrap-break-word', anywhere: 'wrap-anywhere' },
    },
    defaultVariants: { wrap: 'words' },
  },
);

export interface PageHeaderProps
  extends Omit<React.ComponentProps<'header'>, 'title'>, VariantProps<typeof pageTitleVariants> {
  /** The page's only `<h1>`, e.g. "Notizen". */
  title: React.ReactNode;
  /** The heading's id, for a region that names itself after it (`aria-labelledby`). */
  titleId?: string | undefined;
  /** One sentence under the title about what the page is for. */
  description?: React.ReactNode;
  /** A way back above the title, e.g. a link "Zurück zu den Notizen". */
  back?: React.ReactNode;
  /** The page's main action(s), beside the title on wide screens and below it on narrow ones. */
  actions?: React.ReactNode;
}

/**
 * The top of a signed-in page: back link, title, description and the page's actions. Anything
 * passed as children (a live count, say) follows the description.
 */
export function PageHeader({
  title,
  titleId,
  description,
  back,
  actions,
  wrap,
  className,
  children,
  ...props
}: PageHeaderProps) {
  const text = (
    <>
      {back ? <div className="mb-2">{back}</div> : null}
      <h1 id={titleId} className={pageTitleVariants({ wrap })}>
        {title}
      </h1>
      {description ? <p className="mt-2 text-muted-foreground">{description}</p> : null}
      {children}
    </>
  );
  if (!actions) {
    return (
      <header data-slot="page-header" className={cn('min-w-0', className)} {...props}>
        {text}
      </header>
    );
  }
  return (
    <header
      data-slot="page-header"
      className={cn('flex flex-wrap items-end justify-between gap-x-6 gap-y-4', className)}
      {...props}
    >
      <div className="min-w-0">{text}</div>
      {actions}
    </header>
  );
}
