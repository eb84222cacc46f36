import { ErrorScreen, UiProvider } from '@protokoll/ui';
import { useLocation } from 'wouter';
import { useDocumentTitle, useErrorTitleText } from '../lib/page-title.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * The error page (docs/product.md#error-page; it marks itself noindex); wires the actions to the
 * browser and router.
 */
export function ErrorRoute({ status, message }: { status: number; message?: string }) {
  const [, navigate] = useLocation();
  const { href } = useLocale();
  // Its own title, also when it stands in for a page (a malformed id, a failed render).
  useDocumentTitle(useErrorTitleText(status === 404 ? 'notFound' : 'error'));
  const toDashboard = () => navigate('/dashboard');
  // Plain links: after a failed render the error boundary stays up until the page loads anew.
  return (
    <UiProvider renderLink={null}>
      <ErrorScreen
        status={status}
        message={message}
        onHome={toDashboard}
        onBack={() => (history.length > 1 ? history.back() : toDashboard())}
        onRefresh={() => location.reload()}
        supportHref={href('/support')}
      />
    </UiProvider>
  );
}
