import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import {
  AUTH_COOKIE_NAME,
  DATA_RENDERED_PATHS,
  isTimeZone,
  REFRESH_COOKIE_NAME,
  splitLocale,
  TIME_ZONE_COOKIE_NAME,
  type DataPageRenderer,
  type DataRenderRequest,
  type ShareRenderRequest,
} from '@protokoll/contract';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { Piscina } from 'piscina';
import { peekRefreshToken } from '../lib/auth/sessions.ts';
import { signAccessToken, verifyAccessToken } from '../lib/auth/tokens.ts';
import { createBoundedQueue } from '../lib/bounded-queue.ts';
import type { AppEnv } from '../http/context.ts';
import { ServerBusyError } from '../lib/errors.ts';
import type { Logger } from '../lib/logger.ts';

/*
 * Signed-in pages rendered with the reader's data (docs/architecture.md#pages-rendered-with-data).
 * A request for `/notes` that carries a valid access token in the auth cookie (or, once that has
 * expired, a live refresh token in the refresh cookie) and the browser's time zone gets the page
 * with its notes in the HTML, rendered by the app's own render module
 * (built to `APP_DIST/.ssr/entry-server.js`), which asks the page's data through this server's
 * API in-process, with the request's token: the API checks it and the ownership of every row as
 * for any request. Any other request, and every one this cannot render, gets the page as before.
 */

/** The API in-process: one request as the server would answer it over HTTP. */
export type ApiFetch = (request: Request, env: unknown) => Promise<Response>;

export interface DataPages {
  /** The page's document with the reader's data, or undefined: serve the page as for anyone. */
  render(c: Context<AppEnv>, address: string, search: string): Promise<string | undefined>;
  /**
   * A share page's document (docs/sharing.md#the-page), or undefined when the build has no render
   * module (the server then says the page cannot be shown).
   */
  renderShare(request: ShareRenderRequest): Promise<string | undefined>;
  /** Ends the render threads, if any (a render under way fails: its page goes out as a shell). */
  close(): Promise<void>;
}

/**
 * Each render has its own session, cache and translator, so renders run side by side; most of a
 * render's time is its API answers (through the database gate), the rest a few milliseconds of
 * CPU. Past these places and a short line the page is served without data at once
 * (docs/decisions/002-rendering-per-request.md has the figures).
 */
export const RENDER_QUEUE = { maxConcurrent: 16, queueLimit: 64, queueTimeoutMs: 1_000 };
/**
 * A render that takes longer (its answers are slow) is not waited for: the request gets the page
 * without data, while the render ends in its own time (the API client's timeouts bound it) and
 * only then frees its place.
 */
const RENDER_WAIT_MS = 3_000;

/**
 * The render module of a built app, loaded once; undefined when the build has none, or one that
 * does not load (logged: the pages are then served without data).
 */
function renderModule(
  appDist: string,
  logger: Logger,
): () => Promise<DataPageRenderer | undefined> {
  const file = join(resolve(appDist), '.ssr', 'entry-server.js');
  let loading: Promise<DataPageRenderer | undefined> | undefined;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: Partial<DataPageRenderer>) =>
            typeof module.renderDocumentWithData === 'function'
              ? (module as DataPageRenderer)
              : undefined,
          (error: unknown) => {
            logger.error('page render module failed to load', { file, err: error });
            return undefined;
          },
        )
      : Promise.resolve(undefined));
}

/** A render with its `fetch` apart: in this thread it is called, in a render thread sent over. */
type Render = (
  request: Omit<DataRenderRequest, 'fetch'>,
  fetchApi: typeof fetch,
) => Promise<string | null>;
/** A share page's render: it asks nothing, all it shows comes with the request. */
type RenderShare = (request: ShareRenderRequest) => Promise<string | undefined>;

/** Renders on the module loaded into this thread. */
function inThisThread(load: () => Promise<DataPageRenderer | undefined>): {
  render: Render;
  renderShare: RenderShare;
} {
  return {
    render: async (request, fetchApi) => {
      const module = await load();
      if (!module) return null;
      return module.renderDocumentWithData({ ...request, fetch: fetchApi });
    },
    renderShare: async (request) => (await load())?.renderShareDocument(request),
  };
}

/** The thread's file: beside this module in the sources, beside the build's chunks in dist/. */
const RENDER_WORKER = new URL('./render-worker.mjs', import.meta.url);

/**
 * Renders in a pool of `threads` worker threads (piscina), each with the render module loaded
 * once (`render-worker.mjs`). A page's API requests come back here over its own message port and
 * are answered by `fetchApi` in this thread, as for a render in this thread: the render threads
 * take React's and i18next's work off the thread that answers HTTP and the API (decision 002).
 * Each thread runs several renders at once: while one waits for its answers, another renders.
 */
function inRenderThreads(
  file: string,
  threads: number,
): { render: Render; renderShare: RenderShare; pool: Piscina } {
  const pool = new Piscina({
    filename: RENDER_WORKER.href,
    workerData: { file: pathToFileURL(file).href },
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: Math.ceil(RENDER_QUEUE.maxConcurrent / threads),
    // Atomics would pause a thread between tasks, also while its renders wait for their answers.
    atomics: 'disabled',
    idleTimeout: Infinity,
  });
  const render: Render = async (request, fetchApi) => {
    const { port1, port2 } = new MessageChannel();
    port1.on(
      'message',
      (message: { id: number; url: string; method: string; headers: [string, string][] }) => {
        void answer(port1, message, fetchApi);
      },
    );
    try {
      return (await pool.run({ request, port: port2 }, { transferList: [port2] })) as string | null;
    } finally {
      port1.close();
    }
  };
  const renderShare: RenderShare = async (share) => (await pool.run({ share })) as string;
  return { render, renderShare, pool };
}

/** One API request of a render thread, answered in this thread. */
async function answer(
  port: MessagePort,
  {
    id,
    url,
    method,
    headers,
  }: { id: number; url: string; method: string; headers: [string, string][] },
  fetchApi: typeof fetch,
): Promise<void> {
  try {
    const response = await fetchApi(url, { method, headers });
    const body = await response.arrayBuffer();
    port.postMessage({ id, status: response.status, headers: [...response.headers], body }, [body]);
  } catch (error) {
    port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

/** The origin the render's requests are resolved against: its own addresses only (`/api/…`). */
const IN_PROCESS = 'http://in-process';

/** Settles with null after `ms`; the timer keeps no process alive. */
function timeout(ms: number): Promise<null> {
  return new Promise((resolve) => setTimeout(resolve, ms, null).unref());
}

/**
 * The access token the render asks the API with: the auth cookie's while it is valid; once it has
 * expired (it lives 15 minutes, the cookie 8 hours) one signed here for the session of a live
 * refresh token in the refresh cookie. That one serves only this render, in-process: it is never
 * sent to the browser, and the refresh token is not spent (the browser's copy stays the one to
 * use; docs/sessions.md#refresh-cookie).
 */
async function readerToken(c: Context<AppEnv>): Promise<string | undefined> {
  const token = getCookie(c, AUTH_COOKIE_NAME);
  if (token && (await verifyAccessToken(c.var.jwtSecret, token))) return token;
  const refreshToken = getCookie(c, REFRESH_COOKIE_NAME);
  if (!refreshToken) return undefined;
  // Through the database's gate as an API request's queries (lib/db-gate.ts); when it is full the
  // page goes out without data at once.
  const claims = await c.var.dbGate
    .run(() => peekRefreshToken(c.var.db, refreshToken))
    .catch((error: unknown) => {
      if (error instanceof ServerBusyError) return undefined;
      throw error;
    });
  return claims ? await signAccessToken(c.var.jwtSecret, claims) : undefined;
}

export interface DataPagesOptions {
  /** The built app (`APP_DIST`); its render module is `.ssr/entry-server.js`. */
  appDist: string;
  api: ApiFetch;
  /** Tests bring their own module; the default loads the build's. */
  renderer?: (() => Promise<DataPageRenderer | undefined>) | undefined;
  /**
   * Render threads (`PAGE_RENDER_THREADS`): 0 renders in the thread that answers HTTP; more, in
   * a pool of that many threads, each loading the build's module (not with `renderer`).
   */
  threads?: number;
  logger: Logger;
}

export function createDataPages({
  appDist,
  api,
  renderer,
  threads = 0,
  logger,
}: DataPagesOptions): DataPages {
  const file = join(resolve(appDist), '.ssr', 'entry-server.js');
  const threaded = !renderer && threads > 0 && existsSync(file);
  const pool = threaded ? inRenderThreads(file, threads) : undefined;
  let renderers: { render: Render; renderShare: RenderShare };
  if (pool) {
    renderers = pool;
  } else {
    const load = renderer ?? renderModule(appDist, logger);
    // Loaded at start, not by the first reader: importing the module takes most of a second.
    void load();
    renderers = inThisThread(load);
  }
  const { render: renderPage, renderShare } = renderers;
  const queue = createBoundedQueue(RENDER_QUEUE, 'page rendering');
  return {
    async render(c, address, search) {
      if (!DATA_RENDERED_PATHS.includes(splitLocale(address).path)) return undefined;
      const timeZone = getCookie(c, TIME_ZONE_COOKIE_NAME);
      if (!timeZone || !isTimeZone(timeZone)) return undefined;
      const token = await readerToken(c);
      if (!token) return undefined;
      const fetchApi: typeof fetch = async (input, init) => {
        const url = new URL(String(input), IN_PROCESS);
        const method = init?.method ?? 'GET';
        if (url.origin !== IN_PROCESS || !url.pathname.startsWith('/api/') || method !== 'GET') {
          throw new Error(`page rendering asked ${method} ${url.href}`);
        }
        return api(new Request(url, init), c.env);
      };
      const started = performance.now();
      const rendering = queue
        .run(() => renderPage({ address, search, token, timeZone }, fetchApi))
        .catch((error: unknown) => {
          // Busy: the page goes out without data at once. Anything else is a fault to look into.
          if (!(error instanceof ServerBusyError)) {
            c.var.logger.error('page rendering failed', { path: address, err: error });
          }
          return null;
        });
      const html = await Promise.race([rendering, timeout(RENDER_WAIT_MS)]);
      c.var.logger.debug('page rendered with data', {
        path: address,
        rendered: html !== null,
        durationMs: Math.round(performance.now() - started),
      });
      return html ?? undefined;
    },
    renderShare: (request) => queue.run(() => renderShare(request)),
    async close() {
      await pool?.pool.destroy();
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipText = promisify(gzip);

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

/**
 * A document rendered for one reader: compressed as the client accepts (it is made per request,
 * so at a quick level), never stored by a cache, and its answer depends on the cookies.
 */
export async function sendRenderedPage(
  c: Context<AppEnv>,
  html: string,
  status: 200 | 403 | 404 | 429 = 200,
): Promise<Response> {
  const accepted = acceptedEncodings(c.req.header('Accept-Encoding'));
  c.status(status);
  c.header('Content-Type', 'text/html; charset=UTF-8');
  c.header('Cache-Control', 'private, no-store');
  c.header('Vary', 'Accept-Encoding, Cookie');
  const body = Buffer.from(html);
  if (accepted.has('br')) {
    c.header('Content-Encoding', 'br');
    const params = { [constants.BROTLI_PARAM_QUALITY]: 5 };
    return c.body(new Uint8Array(await brotli(body, { params })));
  }
  if (accepted.has('gzip')) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(await gzipText(body, { level: 6 })));
  }
  return c.body(new Uint8Array(body));
}
