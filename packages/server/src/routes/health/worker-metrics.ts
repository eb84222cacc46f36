// A separate worker process (src/worker.ts) has no HTTP port of its own: with WORKER_METRICS_PORT
// it listens on HOST:WORKER_METRICS_PORT for GET /metrics only (the same route and token check as
// the API's, docs/deployment.md#several-machines), so Prometheus scrapes each worker like each API process.
// Every other path is 404.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { metricsRouter } from './metrics.ts';

export interface MetricsServer {
  /** `http://host:port` as it listens (the port chosen when 0 was asked for). */
  url: string;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  host: string;
  port: number;
  /** METRICS_TOKEN: without it every path is 404, as on the API. */
  token: string | undefined;
}): Promise<MetricsServer> {
  const app = new Hono<AppEnv>().route('/', metricsRouter(options.token));
  const { server, port } = await new Promise<{
    server: ReturnType<typeof serve>;
    port: number;
  }>((resolve, reject) => {
    const s = serve(
      { fetch: app.fetch, port: options.port, hostname: options.host },
      (info: AddressInfo) => resolve({ server: s, port: info.port }),
    );
    s.once('error', reject);
  });
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
