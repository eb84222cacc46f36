import { UpdateEmailScreen } from '@protokoll/ui';
import { useEffect, useRef } from 'react';
import { useSearch } from 'wouter';
import { useConfirmEmailUpdate } from '../../api/auth/update-email.ts';
import { useUser } from '../../api/user/user.ts';
import { isRejectedLink } from '../../lib/api-error.ts';
import { toFailureText } from '../../lib/failure.ts';
import { QueryProvider } from '../../lib/query-provider.tsx';
import { useLocale } from '../../lib/use-locale.ts';
import { useSessionState } from '../../session/session-context.ts';
import { useAuthScreenBase } from './auth-page.tsx';

/**
 * `/update-email?token=…`: confirms the new address as soon as the page opens (the link was the
 * user's action). Signed in, the user data loads again so the new address shows everywhere.
 */
export function UpdateEmailRoute() {
  return (
    <QueryProvider>
      <UpdateEmail />
    </QueryProvider>
  );
}

function UpdateEmail() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const { isAuthenticated } = useSessionState();
  const { data: user } = useUser();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailUpdate();
  const { mutate } = confirm;
  const started = useRef(false);

  useEffect(() => {
    // Once per page view, also under StrictMode's double effects: a token is single-use.
    if (!token || started.current) return;
    started.current = true;
    mutate(token);
  }, [token, mutate]);

  const status = !token
    ? 'invalidToken'
    : confirm.isSuccess
      ? 'success'
      : confirm.isError
        ? isRejectedLink(confirm.error)
          ? 'invalidToken'
          : 'error'
        : 'confirming';

  return (
    <UpdateEmailScreen
      {...base}
      status={status}
      error={status === 'error' ? toFailureText(confirm.error) : undefined}
      onRetry={() => mutate(token)}
      email={status === 'success' && isAuthenticated ? user?.email : undefined}
      signedIn={isAuthenticated}
      continueHref={isAuthenticated ? href('/settings/profile') : href('/login')}
    />
  );
}
