import { ResetPasswordScreen, type ResetPasswordValues } from '@protokoll/ui';
import { useState } from 'react';
import { useSearch } from 'wouter';
import { isRejectedLink } from '../../lib/api-error.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthCall, useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/reset-password?token=…`: the link from the mail; a missing or spent token says so. */
export function ResetPasswordRoute() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [status, setStatus] = useState<'form' | 'success' | 'invalidToken'>(
    token ? 'form' : 'invalidToken',
  );
  const { submitting, error, fieldErrors, run } = useAuthCall();
  usePreloadSession();

  const submit = (values: ResetPasswordValues) =>
    run('generic', async () => {
      const { client, endpoints } = await loadSession();
      try {
        await client.call(endpoints.resetPassword, { body: { token, password: values.password } });
        setStatus('success');
      } catch (failure) {
        // An unknown, used or expired token is the link's fault, not the form's.
        if (!isRejectedLink(failure)) throw failure;
        setStatus('invalidToken');
      }
    });

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
