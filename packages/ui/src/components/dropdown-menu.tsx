import { cva, type VariantProps } from 'class-variance-authority';
import { CheckIcon, CircleIcon } from 'lucide-react';
import { DropdownMenu as DropdownMenuPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';

export type DropdownMenuProps = React.ComponentProps<typeof DropdownMenuPrimitive.Root>;

/**
 * A menu of actions or choices that opens from a trigger. Compose it like the Radix parts.
 * Non-modal by default: a modal menu hides the rest of the page with `aria-hidden` while its
 * trigger stays focusable there (axe: aria-hidden-focus), and the WAI-ARIA menu button pattern
 * does not need it; the menu still closes on Escape, outside clicks and focus leaving it.
 */
export function DropdownMenu({ modal = false, ...props }: DropdownMenuProps) {
  return <DropdownMenuPrimitive.Root modal={modal} {...props} />;
}

export type DropdownMenuTriggerProps = React.ComponentProps<typeof DropdownMenuPrimitive.Trigger>;

/** Opens the menu on click, Enter, Space or ArrowDown; pass `asChild` to use a Button. */
export function DropdownMenuTrigger(props: DropdownMenuTriggerProps) {
  return <DropdownMenuPrimitive.Trigger data-slot="dropdown-menu-trigger" {...props} />;
}

export type DropdownMenuContentProps = React.ComponentProps<typeof DropdownMenuPrimitive.Content>;

/** The floating list, rendered in a portal; it never grows wider or taller than the screen. */
export function DropdownMenuContent({
  className,
  sideOffset = 4,
  align = 'start',
  collisionPadding = 8,
  ...props
}: DropdownMenuContentProps) {
  return (
    <DropdownMenuPrimitive.Portal>
      <DropdownMenuPrimitive.Content
        data-slot="dropdown-menu-content"
        sideOffset={sideOffset}
        align={align}
        collisionPadding={collisionPadding}
        className={cn(
          'z-50 min-w-48 overflow-x-hidden overflow-y-auto rounded-md border border-border',
          'max-h-(--radix-dropdown-menu-content-available-height)',
          'max-w-(--radix-dropdown-menu-content-available-width)',
          'origin-(--radix-dropdown-menu-content-transform-origin)',
          'bg-surface-raised p-1 text-foreground shadow-md',
          className,
        )}
        {...props}
      />
    </DropdownMenuPrimitive.Portal>
  );
}

export type DropdownMenuGroupProps = React.ComponentProps<typeof DropdownMenuPrimitive.Group>;

/** Groups related items; give it a DropdownMenuLabel for screen readers and sighted people alike. */
export function DropdownMenuGroup(props: DropdownMenuGroupProps) {
  return <DropdownMenuPrimitive.Group data-slot="dropdown-menu-group" {...props} />;
}

const itemBase = [
  'relative flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
  // `anywhere` (unlike break-word) also shrinks the min-content width, so long words wrap.
  'outline-none select-none wrap-anywhere',
  'data-disabled:pointer-events-none data-disabled:opacity-50',
  '[&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
];

export const dropdownMenuItemVariants = cva(itemBase, {
  variants: {
    variant: {
      default: [
        'text-foreground focus:bg-muted focus:text-foreground',
        '[&_svg:not([class*=text-])]:text-muted-foreground',
      ],
      danger: 'text-danger focus:bg-danger-subtle focus:text-danger-subtle-foreground',
    },
    inset: { true: 'pl-8', false: '' },
  },
  defaultVariants: { variant: 'default', inset: false },
});

export interface DropdownMenuItemProps
  extends
    React.ComponentProps<typeof DropdownMenuPrimitive.Item>,
    VariantProps<typeof dropdownMenuItemVariants> {}

/**
 * One action. Put a lucide icon (with `aria-hidden`) before the text if it helps;
 * `variant="danger"` for destructive actions, `inset` to line up with checkable items.
 */
export function DropdownMenuItem({ className, variant, inset, ...props }: DropdownMenuItemProps) {
  return (
    <DropdownMenuPrimitive.Item
      data-slot="dropdown-menu-item"
      data-variant={variant ?? 'default'}
      className={cn(dropdownMenuItemVariants({ variant, inset }), className)}
      {...props}
    />
  );
}

const checkableItemClasses = cn(dropdownMenuItemVariants(), 'pl-8');

export type DropdownMenuCheckboxItemProps = React.ComponentProps<
  typeof DropdownMenuPrimitive.CheckboxItem
>;

/** An on/off setting; shows a check mark when `checked`. The menu stays open only if you prevent `onSelect`. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  ...props
}: DropdownMenuCheckboxItemProps) {
  return (
    <DropdownMenuPrimitive.CheckboxItem
      data-slot="dropdown-menu-checkbox-item"
      className={cn(checkableItemClasses, className)}
      {...props}
    >
      <span className="pointer-events-none absolute left-2 flex size-4 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <CheckIcon aria-hidden className="text-foreground" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.CheckboxItem>
  );
}

export type DropdownMenuRadioGroupProps = React.ComponentProps<
  typeof DropdownMenuPrimitive.RadioGroup
>;

/** One choice out of several (e.g. the language); `value` / `onValueChange` hold the choice. */
export function DropdownMenuRadioGroup(props: DropdownMenuRadioGroupProps) {
  return <DropdownMenuPrimitive.RadioGroup data-slot="dropdown-menu-radio-group" {...props} />;
}

export type DropdownMenuRadioItemProps = React.ComponentProps<
  typeof DropdownMenuPrimitive.RadioItem
>;

/** One option of a DropdownMenuRadioGroup; shows a dot when it is the chosen `value`. */
export function DropdownMenuRadioItem({
  className,
  children,
  ...props
}: DropdownMenuRadioItemProps) {
  return (
    <DropdownMenuPrimitive.RadioItem
      data-slot="dropdown-menu-radio-item"
      className={cn(checkableItemClasses, className)}
      {...props}
    >
      <span className="pointer-events-none absolute left-2 flex size-4 items-center justify-center">
        <DropdownMenuPrimitive.ItemIndicator>
          <CircleIcon aria-hidden className="size-2 fill-current text-foreground" />
        </DropdownMenuPrimitive.ItemIndicator>
      </span>
      {children}
    </DropdownMenuPrimitive.RadioItem>
  );
}

export interface DropdownMenuLabelProps extends React.ComponentProps<
  typeof DropdownMenuPrimitive.Label
> {
  /** Indents the label to line up with checkbox and radio items. */
  inset?: boolean;
}

/** A non-interactive heading inside the menu (e.g. the signed-in e-mail address). */
export function DropdownMenuLabel({ className, inset, ...props }: DropdownMenuLabelProps) {
  return (
    <DropdownMenuPrimitive.Label
      data-slot="dropdown-menu-label"
      className={cn(
        'px-2 py-1.5 text-xs font-medium text-muted-foreground wrap-anywhere',
        inset && 'pl-8',
        className,
      )}
      {...props}
    />
  );
}

export type DropdownMenuSeparatorProps = React.ComponentProps<
  typeof DropdownMenuPrimitive.Separator
>;

/** A thin line between groups. */
export function DropdownMenuSeparator({ className, ...props }: DropdownMenuSeparatorProps) {
  return (
    <DropdownMenuPrimitive.Separator
      data-slot="dropdown-menu-separator"
      className={cn('-mx-1 my-1 h-px bg-border', className)}
      {...props}
    />
  );
}
