import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, XIcon } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

export interface ToastProviderProps extends React.ComponentProps<typeof ToastPrimitive.Provider> {
  /** Milliseconds before a toast closes by itself; `Infinity` keeps it until closed. Defaults to 5000. */
  duration?: number;
  /** Prefix screen readers announce with each toast; defaults to the translated "Benachrichtigung". */
  label?: string;
}

/**
 * Owns a set of toasts and their viewport. The app's is inside its `Toaster` host, which keeps
 * the toasts in order and renders a Toast per entry.
 */
export function ToastProvider({ label, ...props }: ToastProviderProps) {
  const { t } = useTranslation();
  return <ToastPrimitive.Provider label={label ?? t('toast.label')} {...props} />;
}

export interface ToastViewportProps extends React.ComponentProps<typeof ToastPrimitive.Viewport> {
  /** Name of the notifications landmark; defaults to the translated "Benachrichtigungen". */
  label?: string;
}

/**
 * Where toasts appear: a labelled region, bottom right on wide screens and across the bottom
 * on phones, newest last, stacked with a gap. F8 moves focus into it.
 */
export function ToastViewport({ className, label, ...props }: ToastViewportProps) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Viewport
      data-slot="toast-viewport"
      label={label ?? t('toast.region')}
      className={cn(
        'fixed inset-x-0 bottom-0 z-100 flex max-h-dvh flex-col gap-2 p-4 outline-none',
        'sm:left-auto sm:w-full sm:max-w-md',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  [
    'pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-11',
    'shadow-lg outline-none [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0',
    'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
    'focus-visible:ring-offset-background',
    // Follows the finger while swiped, snaps back when the swipe is cancelled.
    'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
    'data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform',
    'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
  ],
  {
    variants: {
      variant: {
        info: 'border-info/30 bg-info-subtle text-info-subtle-foreground',
        success: 'border-success/30 bg-success-subtle text-success-subtle-foreground',
        warning: 'border-warning/40 bg-warning-subtle text-warning-subtle-foreground',
        danger: 'border-danger/30 bg-danger-subtle text-danger-subtle-foreground',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

export type ToastVariant = NonNullable<VariantProps<typeof toastVariants>['variant']>;

const variantIcons: Record<ToastVariant, React.ComponentType<React.SVGProps<SVGSVGElement>>> = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleAlert,
};

export interface ToastProps
  extends React.ComponentProps<typeof ToastPrimitive.Root>, VariantProps<typeof toastVariants> {
  /** Icon before the text; defaults to the variant's icon, `null` shows none. */
  icon?: React.ReactNode;
  /** A ToastAction (e.g. "Rückgängig"), placed under the text. */
  action?: React.ReactNode;
  /** Shows the translated close button in the corner. Defaults to true. */
  showCloseButton?: boolean;
}

/**
 * One notification. Children are usually a ToastTitle and a ToastDescription. Warnings and
 * errors interrupt screen readers (`type="foreground"`); info and success wait their turn.
 * Control it with `open` / `onOpenChange` to remove it from the app's list once closed.
 */
export function Toast({
  className,
  variant,
  type,
  icon,
  action,
  showCloseButton = true,
  children,
  ...props
}: ToastProps) {
  const resolved: ToastVariant = variant ?? 'info';
  const DefaultIcon = variantIcons[resolved];
  const shownIcon = icon === undefined ? <DefaultIcon aria-hidden data-slot="toast-icon" /> : icon;
  return (
    <ToastPrimitive.Root
      data-slot="toast"
      data-variant={resolved}
      type={type ?? (resolved === 'warning' || resolved === 'danger' ? 'foreground' : 'background')}
      className={cn(toastVariants({ variant }), className)}
      {...props}
    >
      {shownIcon}
      <div data-slot="toast-body" className="flex min-w-0 flex-1 flex-col gap-1">
        {children}
        {action ? <div className="mt-2 flex flex-wrap gap-2">{action}</div> : null}
      </div>
      {showCloseButton ? <ToastClose className="absolute top-3 right-3" /> : null}
    </ToastPrimitive.Root>
  );
}

export type ToastTitleProps = React.ComponentProps<typeof ToastPrimitive.Title>;

/** The short headline of a toast. */
export function ToastTitle({ className, ...props }: ToastTitleProps) {
  return (
    <ToastPrimitive.Title
      data-slot="toast-title"
      className={cn('text-sm leading-snug font-semibold', className)}
      {...props}
    />
  );
}

export type ToastDescriptionProps = React.ComponentProps<typeof ToastPrimitive.Description>;

/** Details under the title; long file names wrap anywhere rather than overflow. */
export function ToastDescription({ className, ...props }: ToastDescriptionProps) {
  return (
    <ToastPrimitive.Description
      data-slot="toast-description"
      className={cn('text-sm wrap-anywhere', className)}
      {...props}
    />
  );
}

export interface ToastActionProps extends React.ComponentProps<typeof ToastPrimitive.Action> {
  /**
   * How to do the same without the toast, read to screen readers that cannot reach the
   * button in time (e.g. "Im Papierkorb wiederherstellen").
   */
  altText: string;
}

/** A button inside a toast that does something and closes it, e.g. "Rückgängig". */
export function ToastAction({ className, ...props }: ToastActionProps) {
  return (
    <ToastPrimitive.Action
      data-slot="toast-action"
      className={cn(
        'inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-current/30',
        'px-3 text-sm font-medium transition-colors outline-none hover:bg-current/10',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    />
  );
}

export type ToastCloseProps = React.ComponentProps<typeof ToastPrimitive.Close>;

/** Closes the toast. Without children it is the "×" button with the translated label "Schließen". */
export function ToastClose({ className, children, ...props }: ToastCloseProps) {
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Close
      data-slot="toast-close"
      aria-label={children ? undefined : t('common.close')}
      className={cn(
        'inline-flex size-7 items-center justify-center rounded-md transition-colors',
        'outline-none hover:bg-current/10 [&_svg]:size-4',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        'focus-visible:ring-offset-background',
        className,
      )}
      {...props}
    >
      {children ?? <XIcon aria-hidden />}
    </ToastPrimitive.Close>
  );
}
