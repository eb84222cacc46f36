import type { FailureText } from '@protokoll/contract';
import { UpdateEmailScreen } from '@protokoll/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { isRejectedLink } from '../../lib/api-error.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { loadSession, useSessionState } from '../../session/session-context.ts';
import { useAuthScreenBase } from './auth-page.tsx';

type Status = 'confirming' | 'success' | 'invalidToken' | 'error';

/**
 * `/update-email?token=…`: confirms the new address as soon as the page opens (the link was the
 * user's action). Signed in, the stored user is refreshed so the new address shows everywhere.
 */
export function UpdateEmailRoute() {
  const base = useAuthScreenBase();
  const { href } = useLocale();
  const { isAuthenticated, user } = useSessionState();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [status, setStatus] = useState<Status>(token ? 'confirming' : 'invalidToken');
  const [error, setError] = useState<FailureText | undefined>();
  const started = useRef(false);

  const confirm = useCallback(async () => {
    setStatus('confirming');
    setError(undefined);
    try {
      const { client, endpoints, session } = await loadSession();
      await client.call(endpoints.confirmEmailUpdate, { body: { token } });
      if (session.getState().isAuthenticated) await session.refreshUser().catch(() => undefined);
      setStatus('success');
    } catch (failure) {
      const tokenRejected = isRejectedLink(failure);
      setStatus(tokenRejected ? 'invalidToken' : 'error');
      if (!tokenRejected) setError((await loadSession()).failureOf('generic', failure));
    }
  }, [token]);

  useEffect(() => {
    // Once per page view, also under StrictMode's double effects: a token is single-use.
    if (!token || started.current) return;
    started.current = true;
    void confirm();
  }, [token, confirm]);

  return (
    <UpdateEmailScreen
      {...base}
      status={status}
      error={error}
      onRetry={() => void confirm()}
      email={status === 'success' && isAuthenticated ? user?.email : undefined}
      signedIn={isAuthenticated}
      continueHref={isAuthenticated ? href('/settings/profile') : href('/login')}
    />
  );
}
