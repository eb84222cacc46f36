import type { FailureText } from '@protokoll/contract';
import { useEffect, useRef } from 'react';
import { useFailureText } from '../lib/failure-text.ts';
import { Alert } from './alert.tsx';

export interface FormErrorAlertProps {
  /** Why the last submit failed; nothing renders without it. */
  error: FailureText | undefined;
  /** Words the failed action when the failure says no more than "something went wrong". */
  fallbackKey?: string;
  /** While true the alert is not focused; when a submit ends with an error, focus moves here. */
  submitting?: boolean;
  /** Under the text, e.g. a way out of the failure ("Tarif upgraden"). */
  children?: React.ReactNode;
}

/**
 * The failure of the last submit, above the form. Focus moves to it when it appears (and again
 * after each failed submit), so keyboard and screen-reader users hear what went wrong.
 */
export function FormErrorAlert({
  error,
  fallbackKey,
  submitting = false,
  children,
}: FormErrorAlertProps) {
  const text = useFailureText()(error, fallbackKey);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (text && !submitting) ref.current?.focus();
  }, [text, submitting]);
  if (!text) return null;
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      variant="danger"
      description={text}
      data-slot="form-error"
      className="outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </Alert>
  );
}
