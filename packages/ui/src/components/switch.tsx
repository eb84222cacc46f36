import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import { useFieldControl } from './field.tsx';

export type SwitchProps = React.ComponentProps<typeof SwitchPrimitive.Root>;

/**
 * An on/off toggle that takes effect at once (a setting, not a form answer). Name it with a
 * `<label htmlFor>` or put it in a Field with `orientation="horizontal"`.
 */
export function Switch({
  className,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: SwitchProps) {
  const field = useFieldControl({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent',
        'bg-muted-foreground shadow-xs transition-colors outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background data-[state=checked]:bg-primary',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...field}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(
          'pointer-events-none block size-5 rounded-full bg-background shadow-sm',
          'transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0',
        )}
      />
    </SwitchPrimitive.Root>
  );
}
