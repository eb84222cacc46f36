import { useId, type ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { cn } from '../lib/cn.ts';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';
import { Form } from './form.tsx';

export interface FormCardProps<TFieldValues extends FieldValues, TContext, TTransformedValues> {
  /** The react-hook-form methods of the form inside (see form.tsx). */
  form: UseFormReturn<TFieldValues, TContext, TTransformedValues>;
  /** The card's heading (an `h2`); it also names the form. */
  title: ReactNode;
  description?: ReactNode;
  /** Called with the validated values. */
  onValid: SubmitHandler<TTransformedValues>;
  /** The fields and the form's alerts. */
  children: ReactNode;
  /** The submit button, right-aligned under the fields. */
  actions: ReactNode;
  className?: string;
  /** Two columns from `sm` up, for short fields side by side (names, passwords). */
  columns?: 1 | 2;
  /** Marks the card for tests and styles (`data-slot`). */
  slot?: string;
}

/**
 * A card that is one form: heading and description, the fields, the submit button in the
 * footer; the form is named by the heading. Settings sections, the support form and the team
 * invitation are built from it.
 */
export function FormCard<TFieldValues extends FieldValues, TContext, TTransformedValues>({
  form,
  title,
  description,
  onValid,
  children,
  actions,
  className,
  columns = 1,
  slot,
}: FormCardProps<TFieldValues, TContext, TTransformedValues>) {
  const titleId = useId();
  return (
    <Card className={className} data-slot={slot}>
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <Form {...form}>
        <form
          noValidate
          aria-labelledby={titleId}
          className="flex flex-col gap-6"
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <CardContent className={cn('grid gap-4', columns === 2 && 'items-start sm:grid-cols-2')}>
            {children}
          </CardContent>
          <CardFooter className="justify-end">{actions}</CardFooter>
        </form>
      </Form>
    </Card>
  );
}
