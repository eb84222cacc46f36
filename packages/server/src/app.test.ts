import { defineEndpoint, ErrorBody, ErrorCode } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './lib/errors.ts';
import { createRouter, routeFor } from './http/openapi.ts';
import { noDatabase, testApp } from './test/app.ts';
import { readResponse, testClient } from './test/client.ts';

/** Test-only calls: one with every input kind, and two that fail on purpose. */
const echo = defineEndpoint({
  id: 'testEcho',
  method: 'POST',
  path: '/api/test/echo/{id}',
  tag: 'test',
  summary: 'Echo',
  auth: false,
  query: z.object({ page: z.coerce.number().int().min(1) }),
  body: z.object({ name: z.string().min(1), age: z.number().int() }),
  response: z.object({ id: z.string(), page: z.number(), name: z.string() }),
});
const conflict = defineEndpoint({
  id: 'testConflict',
  method: 'GET',
  path: '/api/test/conflict',
  tag: 'test',
  summary: 'Conflict',
  auth: false,
  response: z.object({}),
});
const crash = defineEndpoint({
  id: 'testCrash',
  method: 'GET',
  path: '/api/test/crash',
  tag: 'test',
  summary: 'Crash',
  auth: false,
  response: z.object({}),
});

function appWithTestRoutes() {
  const t = testApp(noDatabase());
  t.app.route(
    '/',
    createRouter()
      .openapi(routeFor(echo, { params: z.object({ id: z.string() }) }), (c) => {
        const { id } = c.req.valid('param');
        const { page } = c.req.valid('query');
        const { name } = c.req.valid('json');
        return c.json({ id, page, name }, 200);
      })
      .openapi(routeFor(conflict), () => {
        throw new ApiError(409, ErrorCode.EMAIL_EXISTS, 'Email already exists');
      })
      .openapi(routeFor(crash), () => {
        throw new Error('password=hunter2 at db.internal');
      }),
  );
  return t;
}

const postEcho = (app: ReturnType<typeof appWithTestRoutes>['app'], page: number, body: unknown) =>
  testClient(app).unchecked(echo, { params: { id: 7 }, query: { page }, body });

describe('request ids', () => {
  it('generates one, echoes it and logs it with the request line', async () => {
    const { app, logs } = appWithTestRoutes();
    const res = await testClient(app).call(conflict, { token: 's3cr3t-token' });
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.error.requestId).toBe(id);
    const line = logs.find((l) => l.msg === 'request');
    expect(line).toMatchObject({
      level: 'info',
      requestId: id,
      method: 'GET',
      path: '/api/test/conflict',
      status: 409,
    });
    expect(line?.time).toEqual(expect.any(String));
    expect(line?.durationMs).toEqual(expect.any(Number));
    expect(JSON.stringify(logs)).not.toContain('s3cr3t-token');
  });

  // Request ids and unknown paths are HTTP itself: plain requests by path.
  it('keeps a sane incoming id', async () => {
    const { app, logs } = appWithTestRoutes();
    const res = await app.request('/api/nope', { headers: { 'X-Request-Id': 'edge-42_abc=' } });
    expect(res.headers.get('X-Request-Id')).toBe('edge-42_abc=');
    expect((await res.json()).requestId).toBe('edge-42_abc=');
    expect(logs[0]?.requestId).toBe('edge-42_abc=');
  });

  it.each(['has space', '<script>', 'x'.repeat(129)])(
    'replaces an unusable incoming id (%s)',
    async (bad) => {
      const { app } = appWithTestRoutes();
      const res = await app.request('/api/nope', { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('X-Request-Id')).not.toBe(bad);
      expect(res.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('leaves query strings out of the log', async () => {
    const { app, logs } = appWithTestRoutes();
    await app.request('/api/nope?token=abc123');
    expect(JSON.stringify(logs)).not.toContain('abc123');
  });
});

describe('error bodies', () => {
  // Unknown paths are no contract calls: plain requests.
  it('answers an unknown /api path with 404 notFound', async () => {
    const { app } = appWithTestRoutes();
    const res = await app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    const body = ErrorBody.parse(await res.json());
    expect(body).toMatchObject({ success: false, code: 'notFound' });
  });

  it('turns an ApiError into its status and code', async () => {
    const { app } = appWithTestRoutes();
    const res = await testClient(app).call(conflict);
    expect(res.status).toBe(409);
    expect(res.error).toEqual({
      success: false,
      code: 'emailExists',
      message: 'Email already exists',
      requestId: res.headers.get('X-Request-Id'),
    });
  });

  it('answers validation failures with 422 and one issue per field', async () => {
    const { app } = appWithTestRoutes();
    const res = await postEcho(app, 1, { name: '', age: 'old' });
    expect(res.status).toBe(422);
    const body = res.error;
    expect(body).toMatchObject({
      success: false,
      code: 'validation',
      message: 'Invalid input data',
    });
    expect(body.issues?.map((i) => i.path).sort()).toEqual(['age', 'name']);
    expect(body.issues?.every((i) => i.message.length > 0)).toBe(true);
  });

  it('validates the query the same way', async () => {
    const { app } = appWithTestRoutes();
    const res = await postEcho(app, 0, { name: 'Anna', age: 30 });
    expect(res.status).toBe(422);
    expect(res.error.issues).toEqual([{ path: 'page', message: expect.any(String) }]);
  });

  it('passes valid input through to the handler', async () => {
    const { app } = appWithTestRoutes();
    const res = await testClient(app).call(echo, {
      params: { id: 7 },
      query: { page: 2 },
      body: { name: 'Anna', age: 30 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: '7', page: 2, name: 'Anna' });
  });

  it('answers malformed JSON with 400 invalidInput', async () => {
    const { app } = appWithTestRoutes();
    // A malformed body is HTTP itself: sent by hand.
    const raw = await app.request('/api/test/echo/7?page=1', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"name": ',
    });
    const res = await readResponse(echo, raw);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ success: false, code: 'invalidInput' });
  });

  it('answers an unexpected error with a generic 500 and logs the details', async () => {
    const { app, logs } = appWithTestRoutes();
    const res = await testClient(app).call(crash);
    expect(res.status).toBe(500);
    const text = await res.raw.text();
    expect(JSON.parse(text)).toEqual({
      success: false,
      code: 'internal',
      message: 'Server error. Please try again later.',
      requestId: res.headers.get('X-Request-Id'),
    });
    expect(text).not.toContain('hunter2');
    const logged = logs.find((l) => l.msg === 'request failed');
    expect(logged).toMatchObject({ level: 'error', requestId: res.headers.get('X-Request-Id') });
    expect(JSON.stringify(logged)).toContain('hunter2');
    expect(logs.find((l) => l.msg === 'request')).toMatchObject({ level: 'error', status: 500 });
  });

  // An unknown path is no contract call: a plain request.
  it('answers other unknown paths with a plain 404 when the app is not served', async () => {
    const { app } = appWithTestRoutes();
    const res = await app.request('/somewhere');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('404 Not Found');
  });
});
