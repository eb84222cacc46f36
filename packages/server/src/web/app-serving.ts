import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { isKnownPage, pageParamsValid, splitLocale } from '@protokoll/contract';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
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

interface FileInfo {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  /** `br` or `gzip` when `body` is the precompressed sibling (`.br`, `.gz`) of the file. */
  encoding?: 'br' | 'gzip';
}

/** Precompressed siblings the build writes (app/vite.config.ts), best first. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/** Accepted encodings of a request (`gzip, deflate, br;q=0` → gzip); q=0 means refused. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

/** The precompressed sibling the client accepts, or the file itself. */
async function readBest(
  root: string,
  pathname: string,
  acceptEncoding: string | undefined,
): Promise<FileInfo | undefined> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of ENCODINGS) {
    if (!accepted.has(encoding)) continue;
    const file = await readInside(root, `${pathname}${suffix}`);
    if (file) return { ...file, etag: file.etag.replace(/"$/, `-${encoding}"`), encoding };
  }
  return readInside(root, pathname);
}

/**
 * Reads a regular file inside `root`, or undefined when there is none, it lies outside, or a
 * segment is hidden. `pathname` is Hono's already-decoded path: decoding again would let `%252e`
 * through as a dot.
 */
async function readInside(root: string, pathname: string): Promise<FileInfo | undefined> {
  if (pathname.includes('\0') || pathname.split('/').some((part) => part.startsWith('.'))) {
    return undefined;
  }
  const file = resolve(root, `.${pathname}`);
  if (!file.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return {
      body: new Uint8Array(await readFile(file)),
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
    };
  } catch {
    return undefined;
  }
}

function sendFile(
  c: Context<AppEnv>,
  file: FileInfo,
  name: string,
  cacheControl: string,
  status: 200 | 404 = 200,
): Response {
  c.header('Content-Type', getMimeType(name) ?? 'application/octet-stream');
  c.header('Cache-Control', cacheControl);
  c.header('Vary', 'Accept-Encoding');
  if (file.encoding) c.header('Content-Encoding', file.encoding);
  if (status === 200) {
    c.header('ETag', file.etag);
    if (c.req.header('If-None-Match') === file.etag) return c.body(null, 304);
  }
  return c.body(file.body, status);
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
  return async (c, next) => {
    const pathname = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || isApiPath(pathname)) {
      return next();
    }

    const acceptEncoding = c.req.header('Accept-Encoding');
    const index = await readBest(root, '/index.html', acceptEncoding);
    if (!index) {
      return c.text(
        `Protokoll: the web app is not built (no index.html in ${root}). ` +
          'Run `pnpm build`, then reload this page.\n',
        503,
        { 'Cache-Control': 'no-store' },
      );
    }

    if (pathname !== '/') {
      const file = await readBest(root, pathname, acceptEncoding);
      if (file) {
        const cache = pathname.startsWith(ASSETS_PREFIX) ? IMMUTABLE : REVALIDATE;
        return sendFile(c, file, pathname, cache);
      }
      // A missing chunk must fail as a missing file, not as HTML the browser tries to execute.
      if (pathname.startsWith(ASSETS_PREFIX)) return c.text('404 Not Found', 404);
    }

    const page = await readBest(root, prerenderedFile(pathname), acceptEncoding);
    // A content page `/{slug}` exists exactly when the build prerendered it
    // (docs/product.md#content-pages).
    // A page whose id parameters are malformed (`/notes?note=abc`) names nothing: 404 as well.
    const { path } = splitLocale(pathname);
    const search = new URL(c.req.url).search;
    if ((page || isKnownPage(path)) && pageParamsValid(path, search)) {
      // A signed-in page with the reader's data (docs/architecture.md#pages-rendered-with-data).
      const rendered = await dataPages?.render(c, pathname, search);
      if (rendered) return sendRenderedPage(c, rendered, acceptedEncodings(acceptEncoding));
      return sendFile(c, page ?? index, 'index.html', REVALIDATE);
    }
    c.header('X-Robots-Tag', 'noindex');
    if (isBot(c.req.header('User-Agent'))) return c.text('404 Not Found', 404);
    return sendFile(c, index, 'index.html', REVALIDATE, 404);
  };
}
