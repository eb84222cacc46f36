import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';

/** A schema seen through Standard Schema (zod implements it): no zod types needed here. */
interface StandardSchema<Output> {
  '~standard': {
    validate(value: unknown):
      | { value: Output; issues?: undefined }
      | {
          issues: ReadonlyArray<{
            message: string;
            path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
          }>;
        }
      | Promise<unknown>;
  };
}

export interface SchemaFormOptions<Field extends string, Output> {
  /** The contract schema, loaded on first validation (zod stays off the first paint). */
  loadSchema: () => Promise<StandardSchema<Output>>;
  fields: readonly Field[];
  /** The form passed validation. */
  onValid: (values: Output) => void | Promise<void>;
  /** Field issues of a 422 answer (`message` is an i18n key or a text), keyed by `path`. */
  serverIssues?: ReadonlyArray<{ path: string; message: string }>;
}

/**
 * The one exception to "every form is react-hook-form through components/form.tsx": the
 * sign-in page's first paint is held to 100 KiB (scripts/check-bundle-budget.mjs) and
 * react-hook-form alone is 12 KiB of it. This hook gives the sign-in form the same behaviour:
 * uncontrolled inputs, validation on submit with the contract schema (loaded on first submit,
 * so zod stays off the first paint too), re-validation on input after the first submit, focus
 * on the first invalid field, server issues shown on their fields. Its `errors` feed the same
 * FormItem parts as every other form, through `FormFieldState` (components/field.tsx).
 */
export function useSchemaForm<Field extends string, Output>({
  loadSchema,
  fields,
  onValid,
  serverIssues,
}: SchemaFormOptions<Field, Output>) {
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);

  const validate = useCallback(async () => {
    const element = form.current;
    if (!element) return null;
    const data = new FormData(element);
    const values = Object.fromEntries(fields.map((field) => [field, data.get(field) ?? '']));
    const result = (await (await loadSchema())['~standard'].validate(values)) as
      | { value: Output; issues?: undefined }
      | { issues: ReadonlyArray<{ message: string; path?: ReadonlyArray<unknown> }> };
    const next: Partial<Record<Field, string>> = {};
    for (const issue of result.issues ?? []) {
      const first = issue.path?.[0];
      const key = String(
        typeof first === 'object' && first ? (first as { key: unknown }).key : first,
      );
      const field = fields.find((name) => name === key);
      if (field && !next[field]) next[field] = issue.message;
    }
    setErrors(next);
    return result.issues
      ? { invalid: fields.filter((field) => next[field]) }
      : { value: result.value };
  }, [fields, loadSchema]);

  const serverKey = JSON.stringify(serverIssues ?? []);
  useEffect(() => {
    const issues = JSON.parse(serverKey) as { path: string; message: string }[];
    if (issues.length === 0) return;
    setErrors((current) => {
      const next = { ...current };
      for (const issue of issues) {
        const field = fields.find((name) => name === issue.path);
        if (field) next[field] = issue.message;
      }
      return next;
    });
  }, [serverKey, fields]);

  return {
    errors,
    formProps: {
      ref: form,
      noValidate: true,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        event.preventDefault();
        submitted.current = true;
        void validate().then((result) => {
          if (!result) return;
          if ('value' in result) return onValid(result.value as Output);
          const first = result.invalid[0];
          if (first) (form.current?.elements.namedItem(first) as HTMLElement | null)?.focus();
        });
      },
      onInput() {
        if (submitted.current) void validate();
      },
    },
  };
}
