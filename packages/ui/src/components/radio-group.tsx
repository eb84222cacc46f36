import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { useField, useFieldControl } from './field.tsx';

export type RadioGroupProps = React.ComponentProps<typeof RadioGroupPrimitive.Root>;

/**
 * One choice out of a few visible options; arrow keys move between them. Inside a Field it is
 * named by the Field's label and takes its description and error state.
 */
export function RadioGroup({
  className,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-labelledby': labelledBy,
  ...props
}: RadioGroupProps) {
  const fieldLabelId = useField()?.labelId;
  const field = useFieldControl({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  return (
    <RadioGroupPrimitive.Root
      data-slot="radio-group"
      aria-labelledby={labelledBy ?? fieldLabelId}
      className={cn('group/radio-group grid gap-3', className)}
      {...field}
      {...props}
    />
  );
}

export interface RadioGroupItemProps extends React.ComponentProps<typeof RadioGroupPrimitive.Item> {
  /** Visible text next to the radio; it names the option. Omit it only when you label the item yourself. */
  label?: React.ReactNode;
}

/** One option of a RadioGroup. `className` styles the radio circle. */
export function RadioGroupItem({ className, label, ...props }: RadioGroupItemProps) {
  const item = (
    <RadioGroupPrimitive.Item
      data-slot="radio-group-item"
      className={cn(
        'peer grid size-5 shrink-0 place-items-center rounded-full border border-muted-foreground',
        'bg-surface text-primary shadow-xs transition-colors outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background data-[state=checked]:border-primary',
        'group-aria-invalid/radio-group:border-danger',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator
        data-slot="radio-group-indicator"
        className="size-2.5 rounded-full bg-primary"
      />
    </RadioGroupPrimitive.Item>
  );
  if (label == null) return item;
  return (
    <label
      data-slot="radio-group-option"
      className="flex min-w-0 items-start gap-3 text-sm text-foreground"
    >
      {item}
      <span className="min-w-0 pt-0.5 peer-disabled:text-muted-foreground">{label}</span>
    </label>
  );
}
