import type { LinkItem } from '@protokoll/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { prefetchPage } from './prefetch-page.ts';

/**
 * A client-side link that prefetches its page once it is visible, hovered or focused
 * (docs/architecture.md#route-prefetch).
 */
function PrefetchingLink({
  href,
  children,
  whenVisible = true,
}: {
  href: string;
  children: React.ReactNode;
  /** Also prefetch once the link scrolls into view; otherwise only on hover or focus. */
  whenVisible?: boolean;
}) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!whenVisible || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      prefetchPage(href);
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href, whenVisible]);
  const prefetch = () => prefetchPage(href);
  return (
    <Link href={`~${href}`} ref={ref} onMouseEnter={prefetch} onFocus={prefetch}>
      {children}
    </Link>
  );
}

/**
 * The `renderLink` of the design system's screens: a client-side link. Items carry absolute,
 * localised hrefs (`/en/notes`), so they bypass the router's `/en` base with `~`.
 */
export function renderRouterLink(item: LinkItem, children: React.ReactNode): React.ReactElement {
  return <PrefetchingLink href={item.href}>{children}</PrefetchingLink>;
}

/**
 * The same link, prefetching only when hovered or focused: for links a page shows but rarely
 * follows (the site footer of the sign-in pages), whose pages would otherwise load the whole
 * default layout alongside the form (docs/architecture.md#route-prefetch).
 */
export function renderIntentRouterLink(
  item: LinkItem,
  children: React.ReactNode,
): React.ReactElement {
  return (
    <PrefetchingLink href={item.href} whenVisible={false}>
      {children}
    </PrefetchingLink>
  );
}
