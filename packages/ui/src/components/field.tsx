import type { MessageKey } from '../lib/i18next.ts';
import { cva, type VariantProps } from 'class-variance-authority';
import { CircleExclamationPoint } from 'lucide-react';
import { Slot } from 'radix-ui';
import { createContext, use, useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/*
 * One look for every labelled form control, in parts: FormItem (the frame), FormLabel,
 * FormControl, FormDescription and FormMessage. `Field` puts them together for a control with
 * a known error; `FormField` (form.tsx) feeds them a react-hook-form field's state. The parts
 * live here, free of react-hook-form, so a control outside a form (`Field`) uses them without it.
 */

export interface FieldContextValue {
  controlId: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
}

/*
 * A context rather than only Slot: a Select's focusable element (its trigger) sits two levels
 * below the control the item sees, and a radio group needs `aria-labelledby`, not `id`. Each form
 * primitive reads this context, so `<Field label="…"><Input /></Field>` needs no wiring.
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
  // FormControl hands the same ids down through Slot as well: each is named once.
  const ids = new Set(
    [field.describedBy, props['aria-describedby']].flatMap((list) => list?.split(' ') ?? []),
  );
  ids.delete('');
  return {
    id: field.controlId,
    'aria-describedby': [...ids].join(' ') || undefined,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid || undefined),
  };
}

/**
 * The state of the form field around an item: its name and the message of its current error
 * (an i18n key or a server's text). `FormField` fills it from react-hook-form, `Field` from its
 * `error` prop.
 */
export interface FormFieldStateValue {
  name: string;
  error?: string | undefined;
}

const FormFieldStateContext = createContext<FormFieldStateValue | null>(null);

/** The field state around a FormItem, or `null` outside a form field. */
export function useFormFieldState(): FormFieldStateValue | null {
  return use(FormFieldStateContext);
}

export interface FormFieldStateProps extends FormFieldStateValue {
  children: React.ReactNode;
}

/** Sets the field state for the parts inside, for a form that does not use `FormField`. */
export function FormFieldState({ name, error, children }: FormFieldStateProps) {
  return <FormFieldStateContext value={{ name, error }}>{children}</FormFieldStateContext>;
}

interface FormItemContextValue {
  id: string;
  horizontal: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  showDescription: (shown: boolean) => void;
}

const FormItemContext = createContext<FormItemContextValue | null>(null);

function useFormItem(part: string): FormItemContextValue {
  const item = use(FormItemContext);
  if (!item) throw new Error(`${part} belongs inside a FormItem (or a Field).`);
  return item;
}

const partIds = (id: string) => ({
  labelId: `${id}-label`,
  descriptionId: `${id}-hint`,
  messageId: `${id}-error`,
});

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

export interface FormItemProps
  extends React.ComponentProps<'div'>, VariantProps<typeof fieldVariants> {
  /** `vertical` (default): label above the control. `horizontal`: control first, for one checkbox or switch. */
  orientation?: 'vertical' | 'horizontal';
  /** Id for the control; generated when omitted. Set it here, not on the control. */
  controlId?: string;
  /** Marks the control invalid; by default it is while the field state has an error. */
  invalid?: boolean;
}

/**
 * The frame of one labelled control: holds its ids and error state for FormLabel, FormControl,
 * FormDescription and FormMessage inside it.
 */
export function FormItem({
  orientation,
  controlId,
  invalid: invalidProp,
  className,
  ...props
}: FormItemProps) {
  const generatedId = useId();
  const id = controlId ?? generatedId;
  const field = use(FormFieldStateContext);
  const invalid = invalidProp ?? Boolean(field?.error);
  const [hasDescription, showDescription] = useState(false);
  const { descriptionId, messageId } = partIds(id);
  const describedBy =
    [hasDescription && descriptionId, invalid && messageId].filter(Boolean).join(' ') || undefined;
  return (
    <FormItemContext
      value={{
        id,
        horizontal: orientation === 'horizontal',
        invalid,
        describedBy,
        showDescription,
      }}
    >
      <div
        data-slot="field"
        data-invalid={invalid || undefined}
        className={cn(fieldVariants({ orientation }), className)}
        {...props}
      />
    </FormItemContext>
  );
}

export interface FormLabelProps extends React.ComponentProps<'label'> {
  /** Adds a translated "(optional)" marker. */
  optional?: boolean;
}

/** The visible label of the item's control. */
export function FormLabel({ optional = false, className, children, ...props }: FormLabelProps) {
  const { t } = useTranslation();
  const { id, horizontal } = useFormItem('FormLabel');
  return (
    <label
      id={partIds(id).labelId}
      htmlFor={id}
      data-slot="field-label"
      className={cn(
        'text-sm font-medium text-foreground',
        horizontal && 'col-start-2 row-start-1',
        className,
      )}
      {...props}
    >
      {children}
      {optional ? ' ' : null}
      {optional ? (
        <span className="font-normal text-muted-foreground">({t('common.optional')})</span>
      ) : null}
    </label>
  );
}

/** The box around the control, and the context its form primitive reads. */
function ControlFrame({ children }: { children: React.ReactNode }) {
  const { id, horizontal, invalid, describedBy } = useFormItem('FormControl');
  const context: FieldContextValue = {
    controlId: id,
    labelId: partIds(id).labelId,
    describedBy,
    invalid,
  };
  return (
    <div
      data-slot="field-control"
      className={cn('min-w-0', horizontal && 'col-start-1 row-start-1 flex h-5 items-center')}
    >
      <FieldContext value={context}>{children}</FieldContext>
    </div>
  );
}

export type FormControlProps = React.ComponentProps<typeof Slot.Root>;

/**
 * Exactly one form control (Input, Textarea, PasswordInput, Select, Checkbox, Switch,
 * RadioGroup, or a native one): gets the item's id, description and error state, through Slot
 * and through the context the primitives read.
 */
export function FormControl(props: FormControlProps) {
  const { id, invalid, describedBy } = useFormItem('FormControl');
  return (
    <ControlFrame>
      <Slot.Root
        id={id}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        {...props}
      />
    </ControlFrame>
  );
}

/** Help text under the control; the control is described by it. */
export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { id, horizontal, showDescription } = useFormItem('FormDescription');
  useLayoutEffect(() => {
    showDescription(true);
    return () => showDescription(false);
  }, [showDescription]);
  return (
    <p
      id={partIds(id).descriptionId}
      data-slot="field-hint"
      className={cn('text-sm text-muted-foreground', horizontal && 'col-start-2', className)}
      {...props}
    />
  );
}

/**
 * How a field's error message reads: an i18n key (the contract's schemas write `validation.*`)
 * translated, a server's own text as it is. FormMessage shows messages through it; a control
 * that shows its error itself (the audio drop zone) uses it directly.
 */
export function useFormMessageText(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (message) =>
    message && i18n.exists(message) ? t(message as MessageKey) : message || undefined;
}

/**
 * The field's error, once, through `useFormMessageText`. `children` replace the message.
 * Renders nothing while there is none.
 */
export function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  const messageText = useFormMessageText();
  const { id, horizontal } = useFormItem('FormMessage');
  const body = children ?? messageText(use(FormFieldStateContext)?.error);
  if (body == null || body === false || body === '') return null;
  return (
    <p
      id={partIds(id).messageId}
      data-slot="field-error"
      className={cn('flex gap-1.5 text-sm text-danger', horizontal && 'col-start-2', className)}
      {...props}
    >
      <CircleExclamationPoint aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{body}</span>
    </p>
  );
}

export interface FieldProps
  extends Omit<React.ComponentProps<'div'>, 'children'>, VariantProps<typeof fieldVariants> {
  /** `vertical` (default): label above the control. `horizontal`: control first, for one checkbox or switch. */
  orientation?: 'vertical' | 'horizontal';
  /** Visible label of the control. */
  label: React.ReactNode;
  /** Help text under the control; the control is described by it. */
  hint?: React.ReactNode;
  /** Error message, already worded; when set the control is marked `aria-invalid` and described by it. */
  error?: React.ReactNode;
  /** Adds a translated "(optional)" marker to the label. */
  optional?: boolean;
  /** Id for the control; generated when omitted. Set it here, not on the control. */
  controlId?: string;
  /**
   * Exactly one form primitive (Input, Textarea, PasswordInput, Select, Checkbox, Switch,
   * RadioGroup), possibly with something beside it (a button): unlike FormControl, the Field
   * passes nothing to its child through props.
   */
  children: React.ReactNode;
}

/**
 * Label, hint and error around one form control, wired together for assistive technology: the
 * FormItem parts in one call, for a control outside a react-hook-form form.
 */
export function Field({
  label,
  hint,
  error,
  optional = false,
  controlId,
  orientation,
  children,
  ...props
}: FieldProps) {
  const hasHint = hint != null && hint !== false && hint !== '';
  const hasError = error != null && error !== false && error !== '';
  return (
    <FormItem orientation={orientation} controlId={controlId} invalid={hasError} {...props}>
      <FormLabel optional={optional}>{label}</FormLabel>
      <ControlFrame>{children}</ControlFrame>
      {hasHint ? <FormDescription>{hint}</FormDescription> : null}
      {hasError ? <FormMessage>{error}</FormMessage> : null}
    </FormItem>
  );
}
