import { Redirect } from 'wouter';

/** `/settings` has no page of its own: it opens the first section (docs/product.md#pages). */
export function SettingsRoute() {
  return <Redirect to="/settings/profile" replace />;
}
