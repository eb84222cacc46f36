import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

export interface FormSectionProps {
  title: string;
  /** One line under the heading, when the title alone does not say enough. */
  description?: string | undefined;
  className?: string;
  children: React.ReactNode;
}

/**
 * One group of the new-note form's further options, named by its heading. Flat, not a card: the
 * groups sit together inside "Weitere Optionen", divided by a rule.
 */
export function FormSection({ title, description, className, children }: FormSectionProps) {
  const headingId = useId();
  return (
    <section
      role="group"
      aria-labelledby={headingId}
      data-slot="form-section"
      className="grid min-w-0 gap-4 border-t border-border pt-5 first:border-t-0 first:pt-0"
    >
      <div className="grid min-w-0 gap-1 wrap-anywhere">
        <h3 id={headingId} className="text-base font-semibold text-foreground">
          {title}
        </h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      <div className={cn('grid min-w-0 gap-4', className)}>{children}</div>
    </section>
  );
}
