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
  onMouseEnter,
  onFocus,
  whenVisible = true,
  ...props
}: Omit<React.ComponentProps<'a'>, 'href' | 'ref'> & {
  href: string;
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
  // The screens' props (class, aria-current, a menu item's role and handlers) reach the anchor.
  return (
    <Link
      {...props}
      href={`~${href}`}
      ref={ref}
      onMouseEnter={(event) => {
        onMouseEnter?.(event);
        prefetchPage(href);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        prefetchPage(href);
      }}
    >
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
