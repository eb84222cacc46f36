import { cva, type VariantProps } from 'class-variance-authority';
import { CircleExclamationPoint } from 'lucide-react';
import { createContext, use, useId } from 'react';
import { useTranslation } from '../lib/i18n.tsx';
import { cn } from '../lib/cn.ts';

export interface FieldContextValue {
  controlId: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/*
 * A context rather than Slot: a Select's focusable element (its trigger) sits two levels below the
 * child Field sees, and a radio group needs `aria-labelledby`, not `id`. Each form primitive reads
 * this context, so `<Field label="…"><Input /></Field>` needs no wiring by the caller.
 */
const FieldContext = createContext<FieldContextValue | null>(null);

/** What a Field tells its control, or `null` outside a Field. */
export function useField(): FieldContextValue | null {
  return use(FieldContext);
}

interface FieldControlProps {
  id?: string | undefined;
  'aria-describedby'?: string | undefined;
  'aria-invalid'?: React.AriaAttributes['aria-invalid'];
}

/**
 * The accessibility props a form control gets from the Field around it: the Field's control id
 * (so its label points at it), `aria-describedby` (hint and error, plus the control's own) and
 * `aria-invalid` while the Field shows an error. Outside a Field the props pass through unchanged.
 */
export function useFieldControl(props: FieldControlProps): FieldControlProps {
  const field = use(FieldContext);
  if (!field) return props;
  const describedBy = [field.describedBy, props['aria-describedby']].filter(Boolean).join(' ');
  return {
    id: field.controlId,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
  };
}

export const fieldVariants = cva('min-w-0', {
  variants: {
    orientation: {
      /** Label above the control: text inputs, selects, radio groups. */
      vertical: 'grid grid-cols-[minmax(0,1fr)] gap-1.5',
      /** Control before its label: a single checkbox or switch. */
      horizontal: 'grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-1',
    },
  },
  defaultVariants: { orientation: 'vertical' },
});

export interface FieldProps
  extends Omit<React.ComponentProps<'div'>, 'children'>, VariantProps<typeof fieldVariants> {
  /** `vertical` (default): label above the control. `horizontal`: control first, for one checkbox or switch. */
  orientation?: 'vertical' | 'horizontal';
  /** Visible label of the control. */
  label: React.ReactNode;
  /** Help text under the control; the control is described by it. */
  hint?: React.ReactNode;
  /** Error message; when set the control is marked `aria-invalid` and described by it. */
  error?: React.ReactNode;
  /** Adds a translated "(optional)" marker to the label. */
  optional?: boolean;
  /** Id for the control; generated when omitted. Set it here, not on the control. */
  controlId?: string;
  /** Exactly one form primitive (Input, Textarea, PasswordInput, Select, Checkbox, Switch, RadioGroup). */
  children: React.ReactNode;
}

/** Label, hint and error around one form control, wired together for assistive technology. */
export function Field({
  label,
  hint,
  error,
  optional = false,
  controlId,
  orientation,
  className,
  children,
  ...props
}: FieldProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const id = controlId ?? generatedId;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasHint = hint != null && hint !== false && hint !== '';
  const hasError = error != null && error !== false && error !== '';
  const describedBy =
    [hasHint && hintId, hasError && errorId].filter(Boolean).join(' ') || undefined;
  const horizontal = orientation === 'horizontal';
  const context: FieldContextValue = { controlId: id, labelId, describedBy, invalid: hasError };

  const labelElement = (
    <label
      id={labelId}
      htmlFor={id}
      data-slot="field-label"
      className={cn('text-sm font-medium text-foreground', horizontal && 'col-start-2 row-start-1')}
    >
      {label}
      {optional ? ' ' : null}
      {optional ? (
        <span className="font-normal text-muted-foreground">({t('common.optional')})</span>
      ) : null}
    </label>
  );

  return (
    <div
      data-slot="field"
      data-invalid={hasError || undefined}
      className={cn(fieldVariants({ orientation }), className)}
      {...props}
    >
      {labelElement}
      <FieldContext value={context}>
        <div
          data-slot="field-control"
          className={cn('min-w-0', horizontal && 'col-start-1 row-start-1 flex h-5 items-center')}
        >
          {children}
        </div>
      </FieldContext>
      {hasHint ? (
        <p
          id={hintId}
          data-slot="field-hint"
          className={cn('text-sm text-muted-foreground', horizontal && 'col-start-2')}
        >
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p
          id={errorId}
          data-slot="field-error"
          className={cn('flex gap-1.5 text-sm text-danger', horizontal && 'col-start-2')}
        >
          <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span className="min-w-0">{error}</span>
        </p>
      ) : null}
    </div>
  );
}
