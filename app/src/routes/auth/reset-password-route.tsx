import { ResetPasswordScreen, type ResetPasswordValues } from '@protokoll/ui';
import { useSearch } from 'wouter';
import { useResetPassword } from '../../api/auth/reset-password.ts';
import { isRejectedLink } from '../../lib/api-error.ts';
import { toFailureText, toFieldIssues } from '../../lib/failure.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { useAuthScreenBase, usePreloadSession } from './auth-page.tsx';

/** `/reset-password?token=…`: the link from the mail; a missing or spent token says so. */
export function ResetPasswordRoute() {
  return (
    <QueryProvider>
      <ResetPassword />
    </QueryProvider>
  );
}

function ResetPassword() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  usePreloadSession();
  // An unknown, used or expired token is the link's fault, not the form's.
  const linkRejected = isRejectedLink(reset.error);
  const formError = reset.error && !linkRejected ? reset.error : null;

  return (
    <ResetPasswordScreen
      {...base}
      status={!token || linkRejected ? 'invalidToken' : reset.isSuccess ? 'success' : 'form'}
      onSubmit={(values: ResetPasswordValues) => reset.mutate({ token, password: values.password })}
      submitting={reset.isPending}
      error={formError ? toFailureText(formError) : undefined}
      fieldErrors={toFieldIssues(formError)}
      loginHref={href('/login')}
      forgotPasswordHref={href('/forgot-password')}
    />
  );
}
