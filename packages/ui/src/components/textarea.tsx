import { cn } from '../lib/cn.ts';
import { useFieldControl } from './field.tsx';

export type TextareaProps = React.ComponentProps<'textarea'>;

/**
 * A multi-line text input that grows with its content (from three lines up). Inside a Field it
 * takes the Field's id, description and error state.
 */
export function Textarea({
  className,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: TextareaProps) {
  const field = useFieldControl({
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
  });
  return (
    <textarea
      data-slot="textarea"
      className={cn(
        'field-sizing-content flex min-h-20 w-full min-w-0 rounded-md border border-input bg-surface',
        'px-3 py-2 text-sm text-foreground shadow-xs transition-colors outline-none',
        'wrap-break-word placeholder:text-muted-foreground',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
        'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30',
        'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted',
        className,
      )}
      {...field}
      {...props}
    />
  );
}
