// What the speech-to-text and chat clients share: base-URL normalisation, one request helper with
// a timeout, and one error type that tells the job runner whether trying again can help.

/** Which engine failed. */
export type EngineName = 'stt' | 'llm';

/**
 * Why an engine call failed. `unreachable`, `timeout`, `busy` and `server` are retryable; the
 * rest are permanent: asking again with the same request gets the same answer.
 */
export type EngineErrorReason =
  | 'unreachable'
  | 'timeout'
  | 'busy'
  | 'server'
  | 'unauthorized'
  | 'notFound'
  | 'rejected'
  | 'tooLarge'
  | 'invalidAnswer';

const retryableReasons: ReadonlySet<EngineErrorReason> = new Set([
  'unreachable',
  'timeout',
  'busy',
  'server',
]);

/** A failed engine call. `key` is the i18n key of the reason a note shows. */
export class EngineError extends Error {
  readonly engine: EngineName;
  readonly reason: EngineErrorReason;
  /** Whether the same request may succeed later (network, 408/409/429/5xx). */
  readonly retryable: boolean;
  /** HTTP status, when the engine answered. */
  readonly status: number | undefined;
  /** The engine's Retry-After, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  readonly key: `processing.engine.${EngineErrorReason}`;

  constructor(
    engine: EngineName,
    reason: EngineErrorReason,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'EngineError';
    this.engine = engine;
    this.reason = reason;
    this.retryable = retryableReasons.has(reason);
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.key = `processing.engine.${reason}`;
  }
}

/** The reason an HTTP status stands for (OpenAI's own retry advice: 408, 409, 429, 5xx). */
export function reasonForStatus(status: number): EngineErrorReason {
  if (status === 408) return 'timeout';
  if (status === 409 || status === 429) return 'busy';
  if (status >= 500) return 'server';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  if (status === 413) return 'tooLarge';
  return 'rejected';
}

const endpointSuffix = /\/(?:audio\/transcriptions|chat\/completions)$/;

/**
 * `https://api.openai.com`, `…/v1`, `…/v1/` and even the full endpoint URL all become
 * `https://api.openai.com/v1`: people paste whichever their provider's page shows.
 * @throws TypeError for something that is not an http(s) URL.
 */
export function normaliseBaseUrl(raw: string): string {
  const url = new URL(raw.trim());
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError('engine base URL must be http(s)');
  }
  let path = url.pathname.replace(/\/+$/, '').replace(endpointSuffix, '');
  if (!/\/v1$/.test(path)) path += '/v1';
  url.pathname = path;
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

/** The URL without user name and password, for logs and messages. */
export function redactUrl(raw: string): string {
  try {
    const url = new URL(raw);
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return '(invalid URL)';
  }
}

/** Seconds or an HTTP date → milliseconds, capped so a confused server cannot park a job. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), 60_000);
}

/** The `error.message` of an OpenAI-style error body, or the start of whatever came back. */
function errorDetail(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
    const message =
      typeof body.error === 'string'
        ? body.error
        : (body.error?.message ?? (typeof body.message === 'string' ? body.message : undefined));
    if (typeof message === 'string' && message) return message.slice(0, 300);
  } catch {
    // not JSON: fall through to the raw text
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}

export interface EngineRequest {
  engine: EngineName;
  url: string;
  method?: 'POST' | 'GET';
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey: string | undefined;
  body?: BodyInit;
  headers?: Record<string, string>;
  timeoutMs: number;
  /** The caller's cancellation (job stopped); rethrown as is, never turned into an EngineError. */
  signal?: AbortSignal | undefined;
  fetch?: typeof fetch;
}

export interface EngineResponse {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * One HTTP call with a timeout covering the whole exchange, body included. Non-2xx answers and
 * network failures become an EngineError; the key never appears in messages.
 */
export async function engineRequest(request: EngineRequest): Promise<EngineResponse> {
  const { engine, url, apiKey, timeoutMs, signal } = request;
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const where = redactUrl(url);
  try {
    const response = await (request.fetch ?? fetch)(url, {
      method: request.method ?? 'POST',
      headers: {
        Accept: 'application/json',
        ...request.headers,
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      },
      body: request.body ?? null,
      signal: combined,
    });
    const text = await response.text();
    if (!response.ok) {
      const reason = reasonForStatus(response.status);
      throw new EngineError(
        engine,
        reason,
        `${where} answered ${response.status}: ${errorDetail(text) || response.statusText}`,
        {
          status: response.status,
          retryAfterMs: retryAfterMs(response.headers.get('retry-after')),
        },
      );
    }
    return { status: response.status, headers: response.headers, text };
  } catch (error) {
    if (error instanceof EngineError) throw error;
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted) {
      throw new EngineError(engine, 'timeout', `${where} did not answer within ${timeoutMs} ms`, {
        cause: error,
      });
    }
    // fetch reports "fetch failed"; the reason (ECONNREFUSED, a DNS failure) is its cause.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new EngineError(engine, 'unreachable', `${where} unreachable: ${detail}`, {
      cause: error,
    });
  }
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
