// The worker process's own metrics port (WORKER_METRICS_PORT): GET /metrics behind METRICS_TOKEN
// over a real socket, nothing else; without a token nothing at all. The process around it is
// tested in many-processes.test.ts (PostgreSQL).
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { observeQueue } from '../../lib/metrics.ts';
import { startMetricsServer, type MetricsServer } from './worker-metrics.ts';

const TOKEN = 'metrics-token-0123456789';
const servers: MetricsServer[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(token: string | undefined): Promise<MetricsServer> {
  const server = await startMetricsServer({ host: '127.0.0.1', port: 0, token });
  servers.push(server);
  return server;
}

describe('worker metrics port', () => {
  it('serves /metrics with the token only, and no other path', async () => {
    const server = await start(TOKEN);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const refused = await fetch(`${server.url}/metrics`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('WWW-Authenticate')).toBe('Bearer realm="metrics"');
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { Authorization: 'Bearer nope' } })).status,
    ).toBe(401);

    const res = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE protokoll_minutes_charged_total counter');
    expect(text).toContain('# TYPE protokoll_job_stage_duration_seconds histogram');
    expect(text).toContain('# TYPE protokoll_engine_requests_total counter');
    expect(text).toContain('# TYPE protokoll_queue_depth gauge');

    for (const path of ['/', '/api/health', '/health/live']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(404);
    }
  });

  it('answers 404 everywhere without METRICS_TOKEN', async () => {
    const server = await start(undefined);
    expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
  });

  it('still answers when the database cannot: the queue gauges say they do not know', async () => {
    const server = await start(TOKEN);
    // A query that fails, and a client that throws at once (closed).
    for (const execute of [
      () => Promise.reject(new Error('database away')),
      () => {
        throw new Error('client closed');
      },
    ]) {
      observeQueue({ execute } as unknown as Db);
      const res = await fetch(`${server.url}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toContain('# TYPE protokoll_minutes_charged_total counter');
      expect(text).not.toMatch(/^protokoll_queue_depth\{/m);
      expect(text).toMatch(/^protokoll_queue_oldest_age_seconds nan$/im);
    }
  });
});
