/**
 * The `redirect` parameter of /login: where to return after signing in. Only paths of this
 * app (`/notes?page=2`) are followed; anything that could leave the site (`//evil.example`,
 * `https://…`, `/\\evil`) is ignored, so the parameter cannot be used for phishing redirects.
 */
export function safeRedirect(search: string): string | null {
  const target = new URLSearchParams(search).get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) {
    return null;
  }
  return target;
}

/** `/login?redirect=…` for a page the visitor must sign in for. */
export function loginRedirect(path: string, search: string): string {
  const target = search ? `${path}?${search.replace(/^\?/, '')}` : path;
  return `/login?redirect=${encodeURIComponent(target)}`;
}
