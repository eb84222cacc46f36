import { cva, type VariantProps } from 'class-variance-authority';
import { XIcon } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/** Dims the page behind the panel. Palette black because the scrim is dark in both themes. */
const overlayClasses = 'fixed inset-0 z-50 bg-black/60';

export const dialogContentVariants = cva(
  [
    'fixed top-1/2 left-1/2 z-50 flex -translate-x-1/2 -translate-y-1/2 flex-col gap-4',
    // Near full width on phones, capped by `size` from the first breakpoint on.
    'w-[calc(100%-2rem)] max-h-[calc(100dvh-2rem)] overflow-y-auto',
    'rounded-lg border border-border bg-surface-raised p-6 text-foreground shadow-lg',
    'outline-none',
  ],
  {
    variants: {
      size: {
        sm: 'sm:max-w-sm',
        md: 'sm:max-w-lg',
        lg: 'sm:max-w-2xl',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

const closeButtonClasses = cn(
  'inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground',
  'transition-colors outline-none hover:bg-muted hover:text-foreground',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
  'focus-visible:ring-offset-background [&_svg]:size-4 [&_svg]:shrink-0',
);

export type DialogProps = React.ComponentProps<typeof DialogPrimitive.Root>;

/** A modal window. Compose it from DialogTrigger and DialogContent. */
export function Dialog(props: DialogProps) {
  return <DialogPrimitive.Root {...props} />;
}

export type DialogTriggerProps = React.ComponentProps<typeof DialogPrimitive.Trigger>;

/** Opens the dialog; pass `asChild` to use a Button. Focus returns here on close. */
export function DialogTrigger(props: DialogTriggerProps) {
  return <DialogPrimitive.Trigger data-slot="dialog-trigger" {...props} />;
}

export type DialogCloseProps = React.ComponentProps<typeof DialogPrimitive.Close>;

/** Closes the dialog; pass `asChild` to use a Button (e.g. "Abbrechen" in the footer). */
export function DialogClose(props: DialogCloseProps) {
  return <DialogPrimitive.Close data-slot="dialog-close" {...props} />;
}

export interface DialogContentProps
  extends
    React.ComponentProps<typeof DialogPrimitive.Content>,
    VariantProps<typeof dialogContentVariants> {
  /** Shows the "×" button in the top-right corner. Defaults to true. */
  showCloseButton?: boolean;
}

/** The panel, rendered in a portal above a dimming overlay, centred and focus-trapped. */
export function DialogContent({
  className,
  children,
  size,
  showCloseButton = true,
  ...props
}: DialogContentProps) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className={overlayClasses} />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        className={cn(dialogContentVariants({ size }), className)}
        {...props}
      >
        {children}
        {showCloseButton ? (
          <DialogPrimitive.Close
            data-slot="dialog-close"
            className={cn(closeButtonClasses, 'absolute top-3 right-3')}
            aria-label={t('common.close')}
          >
            <XIcon aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/** Title and description block at the top of the panel. */
export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-header"
      // Leaves room for the close button so a long title never runs under it.
      className={cn('flex flex-col gap-1.5 pr-8 text-left', className)}
      {...props}
    />
  );
}

/** Action row at the bottom: stacked on phones (primary action on top), in a row from `sm` on. */
export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="dialog-footer"
      className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export type DialogTitleProps = React.ComponentProps<typeof DialogPrimitive.Title>;

/** The dialog's accessible name. Required by Radix; hide it visually with `sr-only` if needed. */
export function DialogTitle({ className, ...props }: DialogTitleProps) {
  return (
    <DialogPrimitive.Title
      data-slot="dialog-title"
      className={cn('text-lg leading-tight font-semibold', className)}
      {...props}
    />
  );
}

export type DialogDescriptionProps = React.ComponentProps<typeof DialogPrimitive.Description>;

/** Supporting text, announced together with the title. */
export function DialogDescription({ className, ...props }: DialogDescriptionProps) {
  return (
    <DialogPrimitive.Description
      data-slot="dialog-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}
