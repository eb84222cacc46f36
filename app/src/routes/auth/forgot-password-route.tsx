import type { FailureText, FieldIssue } from '@protokoll/contract';
import { ForgotPasswordScreen, type ForgotPasswordValues } from '@protokoll/ui';
import { useState } from 'react';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/forgot-password`: always "sent" on success (the server never says whether the account exists). */
export function ForgotPasswordRoute() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const [status, setStatus] = useState<'form' | 'sent'>('form');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<FailureText | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();
  usePreloadSession();

  async function submit(values: ForgotPasswordValues) {
    setSubmitting(true);
    setError(undefined);
    setFieldErrors(undefined);
    try {
      const { client, endpoints } = await loadSession();
      await client.call(endpoints.forgotPassword, { body: { ...values, locale } });
      setStatus('sent');
    } catch (failure) {
      const { failureOf, issuesOf } = await loadSession();
      setError(failureOf('generic', failure));
      setFieldErrors(issuesOf(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <ForgotPasswordScreen
      {...base}
      status={status}
      onSubmit={submit}
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      loginHref={href('/login')}
    />
  );
}
