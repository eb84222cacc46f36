/*
 * Forms, the one way: react-hook-form validating with a contract schema through `zodResolver`,
 * laid out with the FormItem parts of field.tsx (re-exported here), which look exactly like a
 * `Field`:
 *
 *   const form = useForm({ resolver: zodResolver(CreateFolderBody), defaultValues: { name: '' } });
 *   <Form {...form}>
 *     <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
 *       <FormField control={form.control} name="name" render={({ field }) => (
 *         <FormItem>
 *           <FormLabel>{t('folders.name')}</FormLabel>
 *           <FormControl><Input {...field} /></FormControl>
 *           <FormMessage />
 *         </FormItem>
 *       )} />
 *
 * A form that is prerendered (docs/architecture.md#prerendered-pages) takes its `<form>`
 * element's props from `usePrerenderedForm`, so what a visitor typed before the script ran is
 * kept: `<form className="grid gap-4" {...usePrerenderedForm(form, fields, save)}>`.
 *
 * FormMessage shows the field's error once, translated (schemas write i18n keys; a server's own
 * text shows as sent). Field issues of a server answer reach their fields through
 * `useServerFieldErrors`, failures that name a field through `fieldIssuesOf`.
 *
 * A text field (Input or PasswordInput) needs no render function: `TextFormField` is that block
 * in one element, `<TextFormField name="email" label={t('…')} type="email" />`.
 *
 * A public page (sign-in, registration, password reset) loads its resolver on first validation
 * (`lazyResolver`, lib/lazy-resolver.ts), so it paints without zod.
 */
import { errorKey, type ErrorCode, type FailureText, type FieldIssue } from '@protokoll/contract';
import { useEffect, useLayoutEffect, useRef, type FormEvent, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  type Control,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import {
  FormControl,
  FormDescription,
  FormFieldState,
  FormItem,
  FormLabel,
  FormMessage,
} from './field.tsx';
import { Input, type InputProps } from './input.tsx';
import { PasswordInput } from './password-input.tsx';

export {
  FormControl,
  FormDescription,
  FormFieldState,
  FormItem,
  FormLabel,
  FormMessage,
  useFormFieldState,
  useFormMessageText,
  type FormControlProps,
  type FormFieldStateProps,
  type FormFieldStateValue,
  type FormItemProps,
  type FormLabelProps,
} from './field.tsx';

/** The form's react-hook-form methods for the fields inside (`<Form {...form}>`). */
export const Form = FormProvider;

/**
 * One field of the form: react-hook-form's Controller, whose field state (name, error) the
 * FormItem parts inside `render` read. `control` may be left out inside `Form`.
 */
export function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  TTransformedValues = TFieldValues,
>({ render, ...props }: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <Controller
      {...props}
      render={(state) => (
        <FormFieldState name={props.name} error={state.fieldState.error?.message}>
          {render(state)}
        </FormFieldState>
      )}
    />
  );
}

export interface TextFormFieldProps<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
> extends Omit<InputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'> {
  /** The form's field. */
  name: TName;
  /** May be left out inside `Form`. */
  control?: Control<TFieldValues>;
  /** Visible label. */
  label: ReactNode;
  /** Adds a translated "(optional)" marker to the label. */
  optional?: boolean;
  /** Help text under the input; the input is described by it. */
  description?: ReactNode;
  /** A PasswordInput (with its show/hide button) instead of an Input; `type` is then ignored. */
  password?: boolean;
}

/**
 * A labelled text input bound to a form field, with its description and translated error: the
 * FormField block of a plain Input or PasswordInput in one element. Every other prop goes to the
 * input (`type`, `autoComplete`, `disabled`, …).
 */
export function TextFormField<
  TFieldValues extends FieldValues,
  TName extends FieldPath<TFieldValues>,
>({
  name,
  control,
  label,
  optional = false,
  description,
  password = false,
  type,
  ...inputProps
}: TextFormFieldProps<TFieldValues, TName>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel optional={optional}>{label}</FormLabel>
          <FormControl>
            {password ? (
              <PasswordInput {...inputProps} {...field} />
            ) : (
              <Input type={type} {...inputProps} {...field} />
            )}
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * Puts server field issues (a 422 answer's `issues`, `message` an i18n key or a text) on the
 * form's fields with `setError`; issues for other paths are left to the caller. Keyed by
 * content, so a parent that rebuilds the array on every render does not re-apply an error the
 * user already fixed. Focus stays where the failure is named first (the form's error alert);
 * pass `focus` to move it to the first field instead.
 */
export function useServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  issues: readonly FieldIssue[] | undefined,
  fields: readonly FieldPath<T>[],
  { focus = false }: { focus?: boolean } = {},
): void {
  const key = JSON.stringify(issues ?? []);
  const fieldsKey = fields.join(' ');
  useEffect(() => {
    const names = fieldsKey.split(' ') as FieldPath<T>[];
    let first = true;
    for (const issue of JSON.parse(key) as FieldIssue[]) {
      const name = names.find((field) => field === issue.path);
      if (!name) continue;
      setError(name, { type: 'server', message: issue.message }, { shouldFocus: focus && first });
      first = false;
    }
  }, [key, fieldsKey, setError, focus]);
}

/**
 * A failure that belongs under a field rather than above the form (a wrong current password, a
 * name already taken), as that field's issue; none for any other failure.
 */
export function fieldIssuesOf(
  failure: FailureText | undefined,
  fieldByCode: Partial<Record<ErrorCode, string>>,
): FieldIssue[] {
  if (!failure || !('code' in failure)) return [];
  const path = fieldByCode[failure.code];
  return path ? [{ path, message: errorKey(failure.code) }] : [];
}

/**
 * The `<form>` element's props of a prerendered form (docs/architecture.md#prerendered-pages):
 * the contract's schema validates, not the browser, and a valid form calls `onValid`. A submit
 * before hydration is held by the page's script loader and sent once hydrated; the form posts
 * all the same, so that if the loader never ran, a password never lands in an address.
 *
 * What a visitor typed before the form hydrated becomes the form's values. Until hydration the
 * fields are plain HTML; React hydrates them without touching what they hold, but a controlled
 * field's value is the form's (empty) default and the next render would put that back. Once, in
 * the commit that hydrates the form and before any later render, each named text field whose
 * content differs from the form's value becomes the value (dirty, not yet validated). Check
 * boxes and radios are left alone: without the script they cannot be changed. Call it in the
 * component that calls `useForm`: it has to run after the form's own layout effects, which a
 * child's would not.
 */
export function usePrerenderedForm<T extends FieldValues, Out>(
  form: Pick<UseFormReturn<T, unknown, Out>, 'getValues' | 'setValue' | 'handleSubmit'>,
  fields: readonly FieldPath<T>[],
  onValid: (values: Out) => void | Promise<void>,
) {
  const { getValues, setValue, handleSubmit } = form;
  const ref = useRef<HTMLFormElement>(null);
  // Once (all are stable): later edits reach the form through the fields' change events.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    for (const name of fields) {
      const field = element.elements.namedItem(name);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      if (field instanceof HTMLInputElement && ['checkbox', 'radio', 'hidden'].includes(field.type))
        continue;
      if (field.value === String(getValues(name) ?? '')) continue;
      setValue(name, field.value as PathValue<T, typeof name>, { shouldDirty: true });
    }
  }, [fields, getValues, setValue]);
  return {
    ref,
    method: 'post',
    noValidate: true,
    onSubmit: (event: FormEvent<HTMLFormElement>) =>
      void handleSubmit((values) => onValid(values))(event),
  } as const;
}
