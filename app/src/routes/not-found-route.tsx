import { useTranslation } from 'react-i18next';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { ErrorRoute } from './error-route.tsx';

/**
 * Unknown paths and the `/{slug}` catch-all without content: "Page not found: {path}"
 * (docs/product.md#unknown-paths).
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  // The whole path, with its locale prefix: the router's own location is relative to `/en`.
  const [path] = useBrowserLocation();
  return <ErrorRoute status={404} message={t('errors.pageNotFound', { path })} />;
}
