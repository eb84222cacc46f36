import type { LinkItem } from '@protokoll/ui';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { prefetchPage } from './prefetch-page.ts';

/**
 * A client-side link that prefetches its page once it is visible, hovered or focused
 * (docs/architecture.md#route-prefetch).
 */
function PrefetchingLink({ href, children }: { href: string; children: React.ReactNode }) {
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      prefetchPage(href);
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href]);
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
