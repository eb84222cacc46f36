import { ErrorScreen } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useLocale } from '../lib/use-locale.ts';
import { useNoIndex } from '../lib/use-noindex.ts';

/** The SPEC §2 error page for any status; wires the actions to the browser and router. */
export function ErrorRoute({ status, message }: { status: number; message?: string }) {
  const [, navigate] = useLocation();
  const { href } = useLocale();
  useNoIndex();
  const toDashboard = () => navigate('/dashboard');
  return (
    <ErrorScreen
      status={status}
      message={message}
      onHome={toDashboard}
      onBack={() => (history.length > 1 ? history.back() : toDashboard())}
      onRefresh={() => location.reload()}
      supportHref={href('/support')}
    />
  );
}
