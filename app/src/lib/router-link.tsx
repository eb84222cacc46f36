import type { LinkItem } from '@protokoll/ui';
import { useContext, useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { PrefetchModeContext, PrefetchPageContext } from './prefetch-mode.ts';
import { firstDataLoaded } from './first-data.ts';

/**
 * A client-side link that prefetches its page when hovered, focused or touched, and in the
 * signed-in app also once it is visible (docs/architecture.md#route-prefetch).
 */
function PrefetchingLink({
  href,
  children,
  onMouseEnter,
  onFocus,
  onTouchStart,
  ...props
}: Omit<React.ComponentProps<'a'>, 'href' | 'ref'> & { href: string }) {
  const whenVisible = useContext(PrefetchModeContext) === 'visible';
  const prefetchPage = useContext(PrefetchPageContext);
  const ref = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!whenVisible || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      // After the page's own data: the prefetches would share the line with it.
      void firstDataLoaded.then(() => prefetchPage(href));
      observer.disconnect();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [href, whenVisible, prefetchPage]);
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
      onTouchStart={(event) => {
        onTouchStart?.(event);
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
