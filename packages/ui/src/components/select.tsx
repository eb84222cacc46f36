import { cva, type VariantProps } from 'class-variance-authority';
import { Check, ChevronDown, ChevronUp } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { createContext, use, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { useFieldControl } from './field.tsx';
import { inputVariants } from './input.tsx';

export type SelectProps = React.ComponentProps<typeof SelectPrimitive.Root>;

const SelectOpenContext = createContext(false);

/** Holds the value and open state; renders nothing itself. Put it directly inside a Field. */
export function Select({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: SelectProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen);
  const open = openProp ?? uncontrolledOpen;
  return (
    <SelectOpenContext value={open}>
      <SelectPrimitive.Root
        open={open}
        onOpenChange={(next) => {
          setUncontrolledOpen(next);
          onOpenChange?.(next);
        }}
        {...props}
      />
    </SelectOpenContext>
  );
}

export type SelectGroupProps = React.ComponentProps<typeof SelectPrimitive.Group>;

/** Groups items under a SelectLabel. */
export function SelectGroup(props: SelectGroupProps) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />;
}

export type SelectValueProps = React.ComponentProps<typeof SelectPrimitive.Value>;

/** The chosen item's text inside the trigger, or the `placeholder` while nothing is chosen. */
export function SelectValue(props: SelectValueProps) {
  return <SelectPrimitive.Value data-slot="select-value" {...props} />;
}

export const selectTriggerVariants = cva(
  [
    'items-center justify-between gap-2 text-left data-placeholder:text-muted-foreground',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0',
    '[&>span]:line-clamp-1 [&>span]:min-w-0 [&>span]:wrap-anywhere',
  ],
  {
    variants: {
      size: {
        sm: '[&_svg]:size-4',
        md: '[&_svg]:size-4',
        lg: '[&_svg]:size-5',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export interface SelectTriggerProps
  extends
    React.ComponentProps<typeof SelectPrimitive.Trigger>,
    VariantProps<typeof selectTriggerVariants> {
  /** Height and text size; matches Input and Button. */
  size?: 'sm' | 'md' | 'lg';
}

/** The button that opens the list. Inside a Field it takes the Field's id, description and error state. */
export function SelectTrigger({
  className,
  size,
  children,
  id,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: SelectTriggerProps) {
  const field = useFieldControl({ id, 'aria-describedby': describedBy, 'aria-invalid': invalid });
  const open = use(SelectOpenContext);
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      // The open list is modal and hides the page from assistive technology; the trigger leaves the
      // tab order with it so nothing focusable stays inside the hidden part. Focus still returns to it.
      tabIndex={open ? -1 : undefined}
      className={cn(inputVariants({ size }), selectTriggerVariants({ size }), className)}
      {...field}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown aria-hidden className="text-muted-foreground" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export type SelectContentProps = React.ComponentProps<typeof SelectPrimitive.Content>;

/** The list, rendered in a portal and at least as wide as the trigger. */
export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: SelectContentProps) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden',
          'rounded-md border border-border bg-surface-raised text-foreground shadow-md',
          position === 'popper' &&
            'max-w-[calc(100vw-1rem)] min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.ScrollUpButton className="flex h-6 items-center justify-center text-muted-foreground">
          <ChevronUp aria-hidden className="size-4" />
        </SelectPrimitive.ScrollUpButton>
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
        <SelectPrimitive.ScrollDownButton className="flex h-6 items-center justify-center text-muted-foreground">
          <ChevronDown aria-hidden className="size-4" />
        </SelectPrimitive.ScrollDownButton>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export type SelectLabelProps = React.ComponentProps<typeof SelectPrimitive.Label>;

/** The heading of a SelectGroup. */
export function SelectLabel({ className, ...props }: SelectLabelProps) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-xs font-medium text-muted-foreground', className)}
      {...props}
    />
  );
}

export type SelectItemProps = React.ComponentProps<typeof SelectPrimitive.Item>;

/** One option. `children` is its text, shown in the list and, once chosen, in the trigger. */
export function SelectItem({ className, children, ...props }: SelectItemProps) {
  return (
    <SelectPrimitive.Item
      data-slot="select-item"
      className={cn(
        'relative flex w-full cursor-default items-start rounded-sm py-1.5 pr-8 pl-2 text-sm',
        'outline-none select-none data-highlighted:bg-muted',
        'data-disabled:pointer-events-none data-disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <SelectPrimitive.ItemText>
        <span className="min-w-0 wrap-anywhere">{children}</span>
      </SelectPrimitive.ItemText>
      <span className="absolute top-2 right-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check aria-hidden className="size-4 text-primary" />
        </SelectPrimitive.ItemIndicator>
      </span>
    </SelectPrimitive.Item>
  );
}

export type SelectSeparatorProps = React.ComponentProps<typeof SelectPrimitive.Separator>;

/** A line between groups. */
export function SelectSeparator({ className, ...props }: SelectSeparatorProps) {
  return (
    <SelectPrimitive.Separator
      data-slot="select-separator"
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}
