// The operator's view: /metrics behind its token, the liveness and readiness probes, which
// engines are up (capabilities), and traces sent to an OTLP/HTTP receiver.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../../tests/peers/openai.ts';
import { enginesFromConfig } from '../../jobs/worker.ts';
import { startTracing } from '../../lib/tracing.ts';
import { testApp, testConfig } from '../../test/app.ts';
import { useTestDatabase } from '../../test/db.ts';

const database = useTestDatabase();
const TOKEN = 'metrics-token-0123456789';

describe('/metrics', () => {
  it('is not there without METRICS_TOKEN', async () => {
    const { app } = testApp(database());
    expect((await app.request('/metrics')).status).toBe(404);
  });

  it('answers 401 without the token and Prometheus text with it', async () => {
    const { app } = testApp(database(), testConfig({ METRICS_TOKEN: TOKEN }));
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/metrics')).status).toBe(401);
    const wrong = await app.request('/metrics', { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const res = await app.request('/metrics', { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /protokoll_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(text).toContain('protokoll_queue_depth{state="queued"} 0');
    expect(text).toContain('protokoll_queue_oldest_age_seconds 0');
    expect(text).toContain('protokoll_uploads_in_flight');
    expect(text).toContain('protokoll_minutes_charged_total');
  });
});

describe('probes', () => {
  it('answers live and ready when database, migrations and storage answer', async () => {
    const { app } = testApp(database());
    expect((await app.request('/health/live')).status).toBe(200);
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('is not ready when the database does not answer', async () => {
    const { app } = testApp({
      ...database(),
      db: { execute: () => Promise.reject(new Error('down')) } as never,
    });
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ checks: { database: 'failed' } });
  });
});

describe('engine pool', () => {
  let good: OpenAiPeer;
  let bad: OpenAiPeer;
  beforeAll(async () => {
    [good, bad] = await Promise.all([startOpenAiPeer(), startOpenAiPeer()]);
  });
  afterAll(async () => {
    await Promise.all([good?.close(), bad?.close()]);
  });

  it('retries a failed request on the other engine, takes the failing one out and back in', async () => {
    const config = testConfig({
      LLM_ENGINES: JSON.stringify([
        { name: 'bad', url: bad.url, weight: 10, tag: 'local' },
        { name: 'good', url: good.url, weight: 1 },
      ]),
    });
    bad.fail({ status: 503 });
    const engines = enginesFromConfig(config);
    const answer = await engines.chat!.complete({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hallo' }],
    });
    expect(answer.length).toBeGreaterThan(0);
    expect(bad.requests.filter((r) => r.endpoint === 'chat')).toHaveLength(1);
    expect(good.requests.filter((r) => r.endpoint === 'chat')).toHaveLength(1);
    expect(engines.pools![0]!.status()).toEqual([
      { name: 'bad', tag: 'local', up: false },
      { name: 'good', tag: 'cloud', up: true },
    ]);
    // Out of rotation: the next request goes to the good one only, despite the weight.
    await engines.chat!.complete({ model: 'gpt-4o-mini', messages: [] });
    expect(bad.requests.filter((r) => r.endpoint === 'chat')).toHaveLength(1);

    const { app } = testApp(database(), config, { engines });
    const caps = (await (await app.request('/api/capabilities')).json()) as { engines: unknown };
    expect(caps.engines).toEqual([
      { kind: 'llm', name: 'bad', tag: 'local', up: false },
      { kind: 'llm', name: 'good', tag: 'cloud', up: true },
    ]);

    // The health check (the peer answers HTTP again) brings it back.
    bad.reset();
    await engines.pools![0]!.checkHealth();
    expect(engines.pools![0]!.status()[0]).toEqual({ name: 'bad', tag: 'local', up: true });
  });
});

describe('traces', () => {
  let receiver: Server;
  const bodies: unknown[] = [];
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const parts: Buffer[] = [];
      req.on('data', (part: Buffer) => parts.push(part));
      req.on('end', () => {
        if (req.url === '/v1/traces') bodies.push(JSON.parse(Buffer.concat(parts).toString()));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it('sends a span for a request to the OTLP endpoint', async () => {
    const { port } = receiver.address() as AddressInfo;
    const config = testConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}` });
    const tracing = startTracing(config.observability)!;
    const { app } = testApp(database(), config);
    expect((await app.request('/api/health')).status).toBe(200);
    await tracing.flush();
    const names = JSON.stringify(bodies);
    expect(names).toContain('GET /api/health');
    expect(names).toContain('"protokoll"');
    await tracing.shutdown();
  });
});
