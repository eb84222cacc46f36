import { describeFailure, defineEndpoint, ErrorCode } from '@protokoll/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error.ts';
import { createApiClient, parseRetryAfter } from './http.ts';

const Thing = z.object({ success: z.boolean(), name: z.string() });
const getThing = defineEndpoint({
  id: 'getThing',
  method: 'GET',
  path: '/api/thing/{id}',
  tag: 't',
  summary: 't',
  auth: true,
  query: z.object({ page: z.number().optional(), search_query: z.string().optional() }),
  response: Thing,
  timeoutMs: 40,
  retries: 1,
});
const postThing = defineEndpoint({
  id: 'postThing',
  method: 'POST',
  path: '/api/thing',
  tag: 't',
  summary: 't',
  auth: false,
  body: z.object({ name: z.string() }),
  response: Thing,
  timeoutMs: 40,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that never answers but honours abort, like a hanging server. */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

describe('createApiClient', () => {
  it('builds the URL from base, path params and query, sends the bearer token and parses the answer', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ success: true, name: 'x' }));
    const client = createApiClient({
      baseUrl: 'https://api.example/',
      getToken: () => 'tok',
      fetch: fetchMock,
    });
    const result = await client.call(getThing, {
      params: { id: 7 },
      query: { page: 2, search_query: 'ä b' },
    });
    expect(result).toEqual({ success: true, name: 'x' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('https://api.example/api/thing/7?page=2&search_query=%C3%A4+b');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok');
  });

  it('sends JSON bodies and no Authorization header without a token', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ success: true, name: 'n' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await client.call(postThing, { body: { name: 'n' } });
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"n"}');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('sends the extra headers a call names', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ success: true, name: 'n' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await client.call(postThing, { body: { name: 'n' }, headers: { 'Accept-Language': 'en' } });
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('times out after the endpoint timeout and retries as many times as the contract says', async () => {
    const fetchMock = vi.fn<typeof fetch>(hanging);
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    const error = await client.call(getThing, { params: { id: 1 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(describeFailure('login', (error as ApiError).failure)).toEqual({
      code: ErrorCode.TIMEOUT,
    });
  });

  it('does not retry an endpoint without retries', async () => {
    const fetchMock = vi.fn<typeof fetch>(hanging);
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await expect(client.call(postThing, { body: { name: 'n' } })).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('retries a 5xx and succeeds on the second attempt', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ success: false, code: 'internal', message: 'boom' }, 502))
      .mockResolvedValueOnce(json({ success: true, name: 'second' }));
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await expect(client.call(getThing, { params: { id: 1 } })).resolves.toMatchObject({
      name: 'second',
    });
  });

  it('waits out a busy 503’s Retry-After before the extra attempt, and keeps the attempt count', async () => {
    vi.useFakeTimers();
    try {
      const busy = () =>
        new Response(JSON.stringify({ success: false, code: 'server', message: 'Server busy' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '2' },
        });
      const fetchMock = vi
        .fn<typeof fetch>()
        .mockResolvedValueOnce(busy())
        .mockResolvedValueOnce(json({ success: true, name: 'after the wait' }));
      const client = createApiClient({ baseUrl: '', fetch: fetchMock });
      const result = client.call(getThing, { params: { id: 1 } });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(result).resolves.toMatchObject({ name: 'after the wait' });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      // Busy twice: one extra attempt only, as the contract says; the error carries the wait.
      const always = vi.fn<typeof fetch>(async () => busy());
      const twice = createApiClient({ baseUrl: '', fetch: always })
        .call(getThing, { params: { id: 1 } })
        .catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(2_000);
      const error = (await twice) as ApiError;
      expect(always).toHaveBeenCalledTimes(2);
      expect(error).toMatchObject({
        kind: 'http',
        status: 503,
        code: 'server',
        retryAfterMs: 2_000,
      });
      expect(describeFailure('login', error.failure)).toEqual({ code: ErrorCode.SERVER });
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes no extra attempt when Retry-After is further off than it would wait', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () =>
        new Response(JSON.stringify({ success: false, code: 'server', message: 'busy' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '60' },
        }),
    );
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await expect(client.call(getThing, { params: { id: 1 } })).rejects.toMatchObject({
      status: 503,
      retryAfterMs: 60_000,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('3')).toBe(3_000);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const inTen = new Date(Date.now() + 10_000).toUTCString();
    expect(parseRetryAfter(inTen)).toBeGreaterThan(8_000);
    expect(parseRetryAfter('Thu, 01 Jan 1970 00:00:00 GMT')).toBe(0);
  });

  it('never retries a 4xx and carries the server code, message and field issues', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      json(
        {
          success: false,
          code: 'validation',
          message: 'bad',
          issues: [{ path: 'name', message: 'req' }],
        },
        422,
      ),
    );
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    const error = (await client
      .call(getThing, { params: { id: 1 } })
      .catch((e: unknown) => e)) as ApiError;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({ kind: 'http', status: 422, code: 'validation', message: 'bad' });
    expect(error.issues).toEqual([{ path: 'name', message: 'req' }]);
    expect(describeFailure('register', error.failure)).toEqual({ code: ErrorCode.INVALID_INPUT });
  });

  it('reports a network failure as offline', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    const error = (await client
      .call(postThing, { body: { name: 'n' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('offline');
    expect(describeFailure('login', error.failure)).toEqual({ code: ErrorCode.OFFLINE });
  });

  it('rejects an answer that breaks the contract', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => json({ success: true }));
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await expect(client.call(postThing, { body: { name: 'n' } })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('keeps a non-JSON error answer typed by its status', async () => {
    const fetchMock = vi.fn<typeof fetch>(
      async () => new Response('<html>', { status: 503, statusText: 'Unavailable' }),
    );
    const client = createApiClient({ baseUrl: '', fetch: fetchMock });
    await expect(client.call(postThing, { body: { name: 'n' } })).rejects.toMatchObject({
      kind: 'http',
      status: 503,
    });
  });

  it('lets the caller abort without it counting as a timeout', async () => {
    const controller = new AbortController();
    const client = createApiClient({ baseUrl: '', fetch: hanging });
    const pending = client.call(postThing, { body: { name: 'n' }, signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(pending).rejects.toThrow('left the page');
  });
});
