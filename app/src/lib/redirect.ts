/**
 * The `redirect` parameter of /login: where to return after signing in. Only paths of this
 * app (`/notes?page=2`) are followed. The value is parsed as the browser will parse it, against
 * this page's origin, and kept only when it stays on that origin: the URL parser drops tabs and
 * newlines and reads `\` as `/`, so `/\t/evil.example` or `/\evil.example` would otherwise leave
 * the site (docs/sessions.md#redirects). What is returned is the parsed path, so the browser
 * goes exactly where the check looked.
 */
export function safeRedirect(
  search: string,
  origin: string = typeof location === 'undefined' ? 'http://localhost' : location.origin,
): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return null;
  }
  // A path that normalises to `//host` (`/.//evil.example`) would leave when followed.
  if (url.origin !== new URL(origin).origin || url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/login?redirect=…` for a page the visitor must sign in for. */
export function loginRedirect(path: string, search: string): string {
  const target = search ? `${path}?${search.replace(/^\?/, '')}` : path;
  return `/login?redirect=${encodeURIComponent(target)}`;
}
