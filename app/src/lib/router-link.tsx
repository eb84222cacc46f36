import type { LinkItem } from '@protokoll/ui';
import { Link } from 'wouter';

/**
 * The `renderLink` of the design system's screens: a client-side link. Items carry absolute,
 * localised hrefs (`/en/notes`), so they bypass the router's `/en` base with `~`.
 */
export function renderRouterLink(item: LinkItem, children: React.ReactNode): React.ReactElement {
  return <Link href={`~${item.href}`}>{children}</Link>;
}
