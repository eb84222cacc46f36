// A thread of the page-render pool (data-pages.ts, docs/decisions/002-rendering-per-request.md):
// loads the app's render module once and renders pages with the reader's data on it. The page's
// API requests go back to the server's thread over the task's message port, where the API
// answers them in-process as before (the token and the ownership of every row checked there);
// this thread has no database and no API of its own. Plain JavaScript, so that the same file
// runs from the sources (tsx, Vitest) and from the server's build (copied beside dist/main.js).
import { workerData } from 'node:worker_threads';

/** @type {Promise<{ renderDocumentWithData?: (request: object) => Promise<string | null>, renderShareDocument?: (request: object) => Promise<string> }>} */
const loading = import(workerData.file);
// Loaded at the thread's start, not by its first page: importing the module takes most of a
// second. A module that does not load fails each task (the server then serves the shell).
loading.catch(() => {});

/**
 * `fetch` for the render: each request goes to the server's thread as `{ id, url, method,
 * headers }` and comes back as `{ id, status, headers, body }` (body an ArrayBuffer) or
 * `{ id, error }`.
 * @param {import('node:worker_threads').MessagePort} port
 * @returns {typeof fetch}
 */
function fetchOver(port) {
  let next = 0;
  /** @type {Map<number, { resolve: (r: Response) => void, reject: (e: unknown) => void }>} */
  const pending = new Map();
  port.on('message', (message) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else
      waiting.resolve(
        new Response(message.body, { status: message.status, headers: message.headers }),
      );
  });
  return (input, init = {}) =>
    new Promise((resolve, reject) => {
      const { signal } = init;
      if (signal?.aborted) return reject(signal.reason);
      const id = next++;
      signal?.addEventListener('abort', () => {
        if (pending.delete(id)) reject(signal.reason);
      });
      pending.set(id, { resolve, reject });
      port.postMessage({
        id,
        url: String(input),
        method: init.method ?? 'GET',
        headers: [...new Headers(init.headers)],
      });
    });
}

/**
 * One page: `request` is the DataRenderRequest without its `fetch`, `port` the task's end of
 * its message channel; or `share`, a ShareRenderRequest, which asks nothing.
 * @param {{ request: object, port: import('node:worker_threads').MessagePort } | { share: object }} task
 */
export default async function render(task) {
  if ('share' in task) {
    const module = await loading;
    if (typeof module.renderShareDocument !== 'function') {
      throw new Error('the render module has no renderShareDocument');
    }
    return module.renderShareDocument(task.share);
  }
  const { request, port } = task;
  try {
    const module = await loading;
    if (typeof module.renderDocumentWithData !== 'function') {
      throw new Error('the render module has no renderDocumentWithData');
    }
    return await module.renderDocumentWithData({ ...request, fetch: fetchOver(port) });
  } finally {
    port.close();
  }
}
