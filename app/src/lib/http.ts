import {
  buildPath,
  timeoutOf,
  ErrorBody,
  type BodyOf,
  type Endpoint,
  type QueryOf,
  type ResponseOf,
} from '@protokoll/contract';
import { ApiError } from './api-error.ts';
import { reportAnswer, reportNetworkFailure } from './connection.ts';

export interface ApiClientOptions {
  /** API base address from configuration; '' means same origin. */
  baseUrl: string;
  /** Current bearer token, read at call time so a refreshed token is used at once. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export type CallInput<E extends Endpoint> = {
  params?: Record<string, string | number>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Accept-Language` where the server words a page by it. */
  headers?: Record<string, string>;
} & ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> | FormData }) &
  ([QueryOf<E>] extends [never] ? { query?: undefined } : { query?: QueryOf<E> });

export interface ApiClient {
  call<E extends Endpoint>(endpoint: E, input?: CallInput<E>): Promise<ResponseOf<E>>;
}

/**
 * The longest `Retry-After` the client waits out before an endpoint's extra attempt (a busy
 * server's 503 says 1–2 s). A longer one ends the call at once: the server said not before then.
 */
export const MAX_RETRY_AFTER_WAIT_MS = 5_000;

/** `Retry-After` as milliseconds: delay-seconds or an HTTP date; undefined when absent or broken. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

/** Waits `ms`, or rejects with the caller's abort. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

/** Timeouts, offline and 5xx are worth another try; a 4xx answer will not change. */
function isRetryable(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'timeout' || error.kind === 'offline' || error.status >= 500)
  );
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The typed HTTP client: builds the request from the contract endpoint, applies its timeout and
 * retries (docs/sessions.md#timeouts-and-retries), parses the answer with its schema and throws
 * `ApiError` for everything else. No toasts, no redirects: the layers above decide what a failure
 * means to the user.
 */
export function createApiClient({
  baseUrl,
  getToken,
  fetch: doFetch = fetch,
}: ApiClientOptions): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  async function attempt<E extends Endpoint>(
    endpoint: E,
    input: CallInput<E>,
  ): Promise<ResponseOf<E>> {
    const url = `${base}${buildPath(endpoint.path, input.params)}${toQueryString(input.query as Record<string, unknown>)}`;
    const headers = new Headers({ ...input.headers, Accept: 'application/json' });
    // Only calls that need it carry the token: public calls (sign-in, refresh) never see it.
    const token = endpoint.auth ? getToken?.() : undefined;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let body: BodyInit | undefined;
    if (input.body instanceof FormData) body = input.body;
    else if (input.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(input.body);
    }

    const timeoutMs = timeoutOf(endpoint);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, timeout]) : timeout;

    // A browser that knows it is offline is answered at once, not after the timeout.
    if (globalThis.navigator?.onLine === false)
      throw new ApiError('offline', 0, 'offline', 'The browser is offline');
    let response: Response;
    try {
      response = await doFetch(url, { method: endpoint.method, headers, body, signal });
    } catch (error) {
      if (input.signal?.aborted) throw error;
      if (timeout.aborted)
        throw new ApiError('timeout', 0, 'timeout', `Timed out after ${timeoutMs} ms`);
      // No answer at all: evidence that the server cannot be reached (the connection banner).
      reportNetworkFailure();
      throw new ApiError(
        'offline',
        0,
        'offline',
        error instanceof Error ? error.message : 'Network error',
      );
    }

    reportAnswer();
    const payload: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const parsed = ErrorBody.safeParse(payload);
      const retryAfterMs = parseRetryAfter(response.headers.get('Retry-After'));
      throw parsed.success
        ? new ApiError(
            'http',
            response.status,
            parsed.data.code,
            parsed.data.message,
            parsed.data.issues,
            retryAfterMs,
          )
        : new ApiError(
            'http',
            response.status,
            `http_${response.status}`,
            response.statusText,
            undefined,
            retryAfterMs,
          );
    }
    const parsed = endpoint.response.safeParse(payload);
    if (!parsed.success) {
      throw new ApiError(
        'invalid-response',
        response.status,
        'invalid-response',
        `${endpoint.id}: ${parsed.error.message}`,
      );
    }
    return parsed.data as ResponseOf<E>;
  }

  return {
    async call(endpoint, input = {} as never) {
      const attempts = 1 + (endpoint.retries ?? 0);
      for (let n = 1; ; n++) {
        try {
          return await attempt(endpoint, input);
        } catch (error) {
          if (n >= attempts || !isRetryable(error)) throw error;
          // A busy server (503) names when to come back: the extra attempt waits that long, or is
          // not made when that is too far off. The attempt count stays the contract's.
          const wait = (error as ApiError).retryAfterMs ?? 0;
          if (wait > MAX_RETRY_AFTER_WAIT_MS) throw error;
          if (wait > 0) await pause(wait, input.signal);
        }
      }
    },
  };
}
