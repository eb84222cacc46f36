/**
 * The load client of `npm run bench:load`: `connections` clients, each with its own keep-alive
 * connection, send one request after another for `durationS` seconds and time every exchange.
 *
 * Unlike autocannon (which the benchmark used first), a client that gets 503 waits out the
 * answer's `Retry-After` before its next request, as the app does (docs/decisions/011-database-queue-and-pglite.md#load-client).
 * A client that sends again at once keeps the server's event loop busy with refusals, and Node
 * accepts one new connection per turn of that loop: the clients still waiting to connect then
 * waited over a second before the server could read their first request.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  /** An exchange without an answer after this long counts as a timeout; its client reconnects. */
  timeoutS: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The path of each request (path and query), when it changes from request to request. */
  path?: () => string;
  /** Whether an answer's body carries what was asked for; counted in `carrying` when given. */
  carries?: (body: string) => boolean;
}

export interface LoadResult {
  /** Answered exchanges (any status). */
  answered: number;
  /** Requests sent, answered or not. */
  sent: number;
  reqPerSec: number;
  /** Milliseconds, over answered exchanges. */
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  byStatus: Record<number, number>;
  /** Answers whose body `carries` accepted (0 without `carries`). */
  carrying: number;
}

interface Exchange {
  status: number;
  retryAfterS: number;
  carried: boolean;
}

/** An exchange that got no answer within `timeoutS`. */
class TimeoutError extends Error {}

function send(agent: http.Agent, url: URL, options: LoadOptions): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path?.() ?? `${url.pathname}${url.search}`,
        headers: {
          ...options.headers,
          ...(options.body === undefined
            ? {}
            : { 'content-length': Buffer.byteLength(options.body) }),
        },
        timeout: options.timeoutS * 1000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        if (options.carries) response.on('data', (chunk: Buffer) => chunks.push(chunk));
        else response.resume();
        response.once('end', () => {
          const retryAfter = Number(response.headers['retry-after']);
          resolve({
            status: response.statusCode ?? 0,
            retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 1,
            carried: options.carries?.(Buffer.concat(chunks).toString()) ?? false,
          });
        });
        response.once('error', reject);
      },
    );
    request.once('timeout', () => request.destroy(new TimeoutError()));
    request.once('error', reject);
    request.end(options.body);
  });
}

/** The value at fraction `p` of an ascending list (0 for an empty one). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  const byStatus: Record<number, number> = {};
  let sent = 0;
  let errors = 0;
  let timeouts = 0;
  let carrying = 0;
  const started = performance.now();
  const end = started + options.durationS * 1000;

  async function client(): Promise<void> {
    while (performance.now() < end) {
      const at = performance.now();
      sent++;
      try {
        const { status, retryAfterS, carried } = await send(agent, url, options);
        latencies.push(performance.now() - at);
        if (carried) carrying++;
        byStatus[status] = (byStatus[status] ?? 0) + 1;
        if (status === 503)
          await sleep(Math.min(retryAfterS * 1000, Math.max(0, end - performance.now())));
      } catch (error) {
        if (error instanceof TimeoutError) timeouts++;
        else errors++;
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  const non2xx = Object.entries(byStatus)
    .filter(([status]) => Number(status) < 200 || Number(status) >= 300)
    .reduce((sum, [, count]) => sum + count, 0);
  return {
    answered: latencies.length,
    sent,
    reqPerSec: Math.round(latencies.length / elapsedS),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? 0),
    errors,
    timeouts,
    non2xx,
    byStatus,
    carrying,
  };
}
