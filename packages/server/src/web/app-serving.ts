import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { isKnownPage, pageParamsValid, splitLocale } from '@protokoll/contract';
import type { Context, MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../http/context.ts';
import { isBot } from './bots.ts';
import { sendRenderedPage, type DataPages } from './data-pages.ts';

/** Vite puts content-hashed files here: safe to cache for a year. */
const ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files (index.html, favicon, robots.txt): always revalidate. */
const REVALIDATE = 'no-cache';

/** Paths the API and the locale files own; the web app never answers them. */
export function isApiPath(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname === '/_i18n' ||
    pathname.startsWith('/_i18n/')
  );
}

/** A path with a hidden segment (`/.env`) or a NUL is never a file of the app. */
const hidden = (pathname: string) =>
  pathname.includes('\0') || pathname.split('/').some((part) => part.startsWith('.'));

/** Whether `root` holds this file (not a folder); `pathname` starts with a slash. */
async function isFile(root: string, pathname: string): Promise<boolean> {
  const file = resolve(root, `.${pathname}`);
  if (!file.startsWith(root + sep)) return false;
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * A file of `root` with its precompressed sibling where the client takes one
 * (`@hono/node-server`'s serveStatic), with an ETag of the bytes sent and 304 for a matching
 * If-None-Match (hono's etag) unless `tagged` is false; undefined when there is no such file.
 * `file` maps the request path to the file's path.
 */
function fileServer(root: string, file: (pathname: string) => string, tagged = true) {
  const send = serveStatic({ root, precompressed: true, rewriteRequestPath: file });
  const tag = etag();
  const sendFound = async (c: Context<AppEnv>) => (await send(c, async () => {})) ?? undefined;
  return async (c: Context<AppEnv>, cacheControl: string): Promise<Response | undefined> => {
    const name = file(c.req.path);
    if (hidden(name) || !(await isFile(root, name))) return undefined;
    c.header('Cache-Control', cacheControl);
    if (!tagged) return sendFound(c);
    let found: Response | undefined;
    await tag(c, async () => {
      found = await sendFound(c);
      if (found) c.res = found;
    });
    return found && c.res;
  };
}

/**
 * Where the build put a page rendered ahead of time (docs/architecture.md#prerendered-pages):
 * `/` → `/pages/index.html`, `/en/login/` → `/pages/en/login.html`. Pages without one get the
 * shell index.html and render in the browser.
 */
export function prerenderedFile(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return `/pages${path === '/' ? '/index' : path}.html`;
}

/**
 * Serves the built web app (docs/product.md#unknown-paths): files from `appDist`, then every other
 * GET as its prerendered page or the app's index.html — status 200 for a known page or a
 * prerendered content page, 404 (noindex) for anything else so the
 * client shows its error page with the right status. Bots get a bare 404 instead of an error page.
 */
export function serveApp(
  appDist: string,
  { dataPages }: { dataPages?: DataPages } = {},
): MiddlewareHandler<AppEnv> {
  const root = resolve(appDist);
  const asIs = fileServer(root, (pathname) => pathname);
  const prerendered = fileServer(root, prerenderedFile);
  const shell = fileServer(root, () => '/index.html');
  const errorPage = fileServer(root, () => '/index.html', false);
  return async (c, next) => {
    const pathname = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(pathname)) {
      return next();
    }
    if (!(await isFile(root, '/index.html'))) {
      return c.text(
        `Protokoll: the web app is not built (no index.html in ${root}). ` +
          'Run `pnpm build`, then reload this page.\n',
        503,
        { 'Cache-Control': 'no-store' },
      );
    }

    if (pathname !== '/') {
      const file = await asIs(c, pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE : REVALIDATE);
      if (file) return file;
      // A missing chunk must fail as a missing file, not as HTML the browser tries to execute.
      if (pathname.startsWith(ASSETS_PREFIX)) return c.text('404 Not Found', 404);
    }

    // A content page `/{slug}` exists exactly when the build prerendered it
    // (docs/product.md#content-pages).
    // A page whose id parameters are malformed (`/notes?note=abc`) names nothing: 404 as well.
    const hasPage = await isFile(root, prerenderedFile(pathname));
    const { path } = splitLocale(pathname);
    const search = new URL(c.req.url).search;
    if ((hasPage || isKnownPage(path)) && pageParamsValid(path, search)) {
      // A signed-in page with the reader's data (docs/architecture.md#pages-rendered-with-data).
      const rendered = await dataPages?.render(c, pathname, search);
      if (rendered) {
        return sendRenderedPage(c, rendered);
      }
      const page = hasPage ? await prerendered(c, REVALIDATE) : undefined;
      return page ?? (await shell(c, REVALIDATE)) ?? next();
    }
    c.header('X-Robots-Tag', 'noindex');
    if (isBot(c.req.header('User-Agent'))) return c.text('404 Not Found', 404);
    const index = await errorPage(c, REVALIDATE);
    if (!index) return next();
    // The app shows its error page; the status says there is no such page.
    return new Response(index.body, { status: 404, headers: index.headers });
  };
}
