import { Check, Minus } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { useFieldControl } from './field.tsx';

export type CheckboxProps = React.ComponentProps<typeof CheckboxPrimitive.Root>;

/**
 * A checkbox; `checked` may be `'indeterminate'` for a partly selected group. Name it with a
 * `<label htmlFor>` or put it in a Field with `orientation="horizontal"`.
 */
export function Checkbox({
  className,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: CheckboxProps) {
  const field = useFieldControl({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        'peer grid size-5 shrink-0 place-items-center rounded-sm border border-muted-foreground',
        'bg-surface text-primary-foreground shadow-xs transition-colors outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background aria-invalid:border-danger',
        'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
        'data-[state=indeterminate]:border-primary data-[state=indeterminate]:bg-primary',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...field}
      {...props}
    >
      <CheckboxPrimitive.Indicator
        data-slot="checkbox-indicator"
        className="group grid place-items-center"
      >
        <Check
          aria-hidden
          strokeWidth={3}
          className="size-3.5 group-data-[state=indeterminate]:hidden"
        />
        <Minus
          aria-hidden
          strokeWidth={3}
          className="hidden size-3.5 group-data-[state=indeterminate]:block"
        />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}
