import { cn } from '../lib/cn.ts';

export interface EmptyStateProps extends Omit<React.ComponentProps<'div'>, 'title'> {
  /** An illustrative icon (e.g. `<Inbox />`); decorative, hidden from assistive technology. */
  icon?: React.ReactNode;
  /** What is empty, as a heading, e.g. "Noch keine Notizen". */
  title: React.ReactNode;
  /** Why it is empty or what to do next. */
  description?: React.ReactNode;
  /** The way out: usually one Button. */
  action?: React.ReactNode;
}

/** Fills a list or page that has nothing to show yet, and points to the next step. */
export function EmptyState({
  icon,
  title,
  description,
  action,
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex min-w-0 flex-col items-center gap-2 rounded-lg border border-dashed border-border',
        'px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden
          data-slot="empty-state-icon"
          className="mb-2 grid size-12 place-items-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <h3
        data-slot="empty-state-title"
        className="max-w-full text-base font-semibold text-foreground"
      >
        {title}
      </h3>
      {description ? (
        <p
          data-slot="empty-state-description"
          className="max-w-[min(100%,65ch)] text-sm text-muted-foreground"
        >
          {description}
        </p>
      ) : null}
      {action ? (
        <div
          data-slot="empty-state-action"
          className="mt-4 flex max-w-full flex-wrap justify-center gap-3"
        >
          {action}
        </div>
      ) : null}
    </div>
  );
}
