import { ForgotPasswordScreen, type ForgotPasswordValues } from '@protokoll/ui';
import { useRequestPasswordReset } from '../../api/auth/forgot-password.ts';
import { toFailureText, toFieldIssues } from '../../lib/failure.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/forgot-password`: always "sent" on success (the server never says whether the account exists). */
export function ForgotPasswordRoute() {
  return (
    <QueryProvider>
      <ForgotPassword />
    </QueryProvider>
  );
}

function ForgotPassword() {
  const base = useAuthScreenBase();
  const { locale, href } = useLocale();
  const request = useRequestPasswordReset();
  usePreloadSession();

  return (
    <ForgotPasswordScreen
      {...base}
      status={request.isSuccess ? 'sent' : 'form'}
      onSubmit={(values: ForgotPasswordValues) => request.mutate({ ...values, locale })}
      submitting={request.isPending}
      error={request.error ? toFailureText(request.error) : undefined}
      fieldErrors={toFieldIssues(request.error)}
      loginHref={href('/login')}
    />
  );
}
