import { ForgotPasswordScreen, type ForgotPasswordValues } from '@protokoll/ui';
import { useState } from 'react';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession } from '../../session/session-context.ts';
import { useAuthCall, useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/forgot-password`: always "sent" on success (the server never says whether the account exists). */
export function ForgotPasswordRoute() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const [status, setStatus] = useState<'form' | 'sent'>('form');
  const { submitting, error, fieldErrors, run } = useAuthCall();
  usePreloadSession();

  const submit = (values: ForgotPasswordValues) =>
    run('generic', async () => {
      const { client, endpoints } = await loadSession();
      await client.call(endpoints.forgotPassword, { body: { ...values, locale } });
      setStatus('sent');
    });

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
