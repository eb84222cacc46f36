import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../http/context.ts';

/** Where the built Storybook is served (docs/storybook.md#a-deployed-storybook). */
export const STORYBOOK_PATH = '/storybook';

/** Whether a path belongs to the served Storybook. */
export function isStorybookPath(pathname: string): boolean {
  return pathname === STORYBOOK_PATH || pathname.startsWith(`${STORYBOOK_PATH}/`);
}

/** A regular file inside `root`, or undefined (missing, outside, or a hidden segment). */
async function readInside(
  root: string,
  pathname: string,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (pathname.includes('\0') || pathname.split('/').some((part) => part.startsWith('.'))) {
    return undefined;
  }
  const file = resolve(root, `.${pathname}`);
  if (!file.startsWith(root + sep)) return undefined;
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return new Uint8Array(await readFile(file));
  } catch {
    return undefined;
  }
}

/**
 * Serves the built Storybook (`npm run build-storybook`) under /storybook/ for designers reviewing
 * a deployed build (docs/storybook.md#a-deployed-storybook): `/storybook` redirects to
 * `/storybook/`, a folder answers its index.html, a missing file 404. Nothing is cached for long:
 * a new build replaces the files in place. The stories run on MSW mocks, never on this server's
 * API.
 */
export function serveStorybook(storybookDist: string): MiddlewareHandler<AppEnv> {
  const root = resolve(storybookDist);
  return async (c, next) => {
    const pathname = c.req.path;
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || !isStorybookPath(pathname)) {
      return next();
    }
    if (pathname === STORYBOOK_PATH) return c.redirect(`${STORYBOOK_PATH}/`, 301);
    let inside = pathname.slice(STORYBOOK_PATH.length);
    if (inside.endsWith('/')) inside += 'index.html';
    const body = await readInside(root, inside);
    if (!body) {
      if (inside === '/index.html') {
        return c.text(
          `Protokoll: Storybook is not built (no index.html in ${root}). ` +
            'Run `npm run build-storybook`, then reload this page.\n',
          503,
          { 'Cache-Control': 'no-store' },
        );
      }
      return c.text('404 Not Found', 404);
    }
    c.header('Content-Type', getMimeType(inside) ?? 'application/octet-stream');
    c.header('Cache-Control', 'no-cache');
    return c.body(body);
  };
}
