import { ErrorCode, type FailureText, type FieldIssue } from '@protokoll/contract';
import { ResetPasswordScreen, type ResetPasswordValues } from '@protokoll/ui';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { ApiError } from '../../lib/api-error.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/reset-password?token=…`: the link from the mail; a missing or spent token says so. */
export function ResetPasswordRoute() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [status, setStatus] = useState<'form' | 'success' | 'invalidToken'>(
    token ? 'form' : 'invalidToken',
  );
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<FailureText | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();
  usePreloadSession();

  async function submit(values: ResetPasswordValues) {
    setSubmitting(true);
    setError(undefined);
    setFieldErrors(undefined);
    try {
      const { client, endpoints } = await loadSession();
      await client.call(endpoints.resetPassword, { body: { token, password: values.password } });
      setStatus('success');
    } catch (failure) {
      // An unknown, used or expired token is the link's fault, not the form's.
      const tokenRejected =
        failure instanceof ApiError &&
        (failure.code === ErrorCode.INVALID_TOKEN ||
          (failure.issues ?? []).some((issue) => issue.path === 'token'));
      if (tokenRejected) setStatus('invalidToken');
      else {
        const { failureOf, issuesOf } = await loadSession();
        setError(failureOf('generic', failure));
        setFieldErrors(issuesOf(failure));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <ResetPasswordScreen
      {...base}
      status={status}
      onSubmit={submit}
      submitting={submitting}
      error={error}
      fieldErrors={fieldErrors}
      loginHref={href('/login')}
      forgotPasswordHref={href('/forgot-password')}
    />
  );
}
