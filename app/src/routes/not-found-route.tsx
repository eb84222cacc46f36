import { useTranslation } from 'react-i18next';
import { ErrorRoute } from './error-route.tsx';

/**
 * Unknown paths and the `/{slug}` catch-all without content: "Page not found: {path}"
 * (docs/product.md#unknown-paths).
 */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <ErrorRoute status={404} message={t('errors.pageNotFound', { path: location.pathname })} />
  );
}
