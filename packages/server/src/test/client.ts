import {
  buildPath,
  ErrorBody,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseInputOf,
} from '@protokoll/contract';
import { z } from 'zod';

/**
 * What the client sends its requests to: the app itself (`app.request`, no network), or anything
 * with the same shape, e.g. `fetch` against a running server.
 */
export interface Requester {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}

/** What every call may add: a bearer token and extra headers (Accept-Language, Cookie, Range…). */
export interface CallBase {
  token?: string;
  headers?: Record<string, string>;
}

/** A call's input as the contract types it: params, query and body exactly when the endpoint has them. */
export type CallInput<E extends Endpoint> = CallBase &
  ([ParamsOf<E>] extends [never]
    ? // Without a schema the path's `{param}` placeholders are plain strings.
      { params?: Record<string, string | number> }
    : { params: { [K in keyof ParamsOf<E>]: string | number } }) &
  ([QueryOf<E>] extends [never]
    ? { query?: undefined }
    : Record<string, never> extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }) &
  // A FormData is a multipart body as a browser sends it: its fields are not typed.
  ([BodyOf<E>] extends [never] ? { body?: undefined } : { body: BodyOf<E> | FormData });

/**
 * Input the contract would refuse, for tests of the server's own checks (422 answers, missing
 * fields, wrong types). A `FormData` body is sent as it is; any other body travels as the endpoint's
 * body kind (JSON text, or a form built field by field). `query` may be a ready query string.
 */
export interface UncheckedInput extends CallBase {
  params?: Record<string, string | number>;
  query?: Record<string, unknown> | string;
  body?: unknown;
}

/** The JSON of a 2xx answer, as sent (checked against the endpoint's response schema). */
export type SuccessBody<E extends Endpoint> = ResponseInputOf<E>;

/**
 * One answer of the app. `body` (2xx) and `error` (4xx/5xx) were both checked against the
 * contract when the answer arrived; reading the one that does not fit the status throws with the
 * answer in the message, so a failing test shows what the server said.
 */
export class TestResponse<E extends Endpoint = Endpoint> {
  readonly #payload: unknown;

  constructor(
    readonly endpoint: E,
    /** The answer itself, body unread: for bytes (audio), text or anything else HTTP. */
    readonly raw: Response,
    payload: unknown,
  ) {
    this.#payload = payload;
  }

  get status(): number {
    return this.raw.status;
  }

  get headers(): Headers {
    return this.raw.headers;
  }

  get body(): SuccessBody<E> {
    if (!this.raw.ok || this.endpoint.responseKind === 'binary') {
      throw new Error(
        `${this.describe()} has no JSON success body${this.raw.ok ? ' (binary: read res.raw)' : ''}`,
      );
    }
    return this.#payload as SuccessBody<E>;
  }

  get error(): ErrorBody {
    if (this.raw.status < 400) throw new Error(`${this.describe()} is not an error`);
    return this.#payload as ErrorBody;
  }

  private describe(): string {
    return `${this.endpoint.id} answered ${this.raw.status} ${JSON.stringify(this.#payload)}`;
  }
}

/**
 * Reads an answer and checks it against the contract: a 2xx JSON answer against the endpoint's
 * response schema, a 4xx/5xx one against the one error body. A mismatch throws, so every test
 * that makes a call also checks that the server keeps to the contract. Also for answers to requests
 * a test sent by hand.
 */
export async function readResponse<E extends Endpoint>(
  endpoint: E,
  raw: Response,
): Promise<TestResponse<E>> {
  const binary = raw.ok && endpoint.responseKind === 'binary';
  if (binary || raw.status < 200 || (raw.status >= 300 && raw.status < 400)) {
    return new TestResponse(endpoint, raw, undefined);
  }
  const text = await raw.clone().text();
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new Error(`${endpoint.id} answered ${raw.status} with a body that is not JSON: ${text}`);
  }
  const schema = raw.ok ? endpoint.response : ErrorBody;
  const checked = schema.safeParse(payload);
  if (!checked.success) {
    throw new Error(
      `${endpoint.id} answered ${raw.status} outside the contract:\n${z.prettifyError(checked.error)}\n${text}`,
    );
  }
  return new TestResponse(endpoint, raw, payload);
}

function queryString(query: UncheckedInput['query']): string {
  if (query === undefined) return '';
  if (typeof query === 'string') return query ? `?${query}` : '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A multipart form as a browser builds it: files as files, everything else as text. */
function formData(body: unknown): FormData {
  if (body instanceof FormData) return body;
  const form = new FormData();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'object' && value !== null) form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

function request(endpoint: Endpoint, input: UncheckedInput): [string, RequestInit] {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (
    input.body instanceof FormData ||
    (endpoint.bodyKind === 'multipart' && input.body !== undefined)
  ) {
    body = formData(input.body);
  } else if (input.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  if (input.token) headers.Authorization = `Bearer ${input.token}`;
  const path = buildPath(endpoint.path, input.params) + queryString(input.query);
  return [path, { method: endpoint.method, headers: { ...headers, ...input.headers }, body }];
}

export interface TestClient {
  /** A call as the contract types it. */
  call<E extends Endpoint>(
    endpoint: E,
    ...input: OptionalWhenEmpty<CallInput<E>>
  ): Promise<TestResponse<E>>;
  /** The same call with input the contract would refuse (validation tests). */
  unchecked<E extends Endpoint>(endpoint: E, input?: UncheckedInput): Promise<TestResponse<E>>;
  /** A prepared call, with a token or headers added (the same table for several users). */
  send<C extends PreparedCall>(call: C, extra?: CallBase): Promise<TestResponse<C['endpoint']>>;
}

/** A call kept for later, typed like `call`: for tables of calls that each get the same check. */
export interface PreparedCall<E extends Endpoint = Endpoint> {
  endpoint: E;
  input: UncheckedInput;
}

export function prepare<E extends Endpoint>(
  endpoint: E,
  ...[input]: OptionalWhenEmpty<CallInput<E>>
): PreparedCall<E> {
  return { endpoint, input: (input ?? {}) as UncheckedInput };
}

/** The input argument may be left out when nothing in it is required. */
type OptionalWhenEmpty<I> = [RequiredKeys<I>] extends [never] ? [input?: I] : [input: I];
type RequiredKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T];

/**
 * A client for tests that speaks the contract: `api.call(endpoints.getNote, { params: { id },
 * token })` fills the path, serialises query and body the way the endpoint takes them and checks
 * the answer against the contract. Requests go to `app.request`, no network.
 */
export function testClient(app: Requester): TestClient {
  async function send<E extends Endpoint>(
    endpoint: E,
    input: UncheckedInput = {},
  ): Promise<TestResponse<E>> {
    const [path, init] = request(endpoint, input);
    return readResponse(endpoint, await app.request(path, init));
  }
  return {
    call: (endpoint, ...[input]) => send(endpoint, input as UncheckedInput | undefined),
    unchecked: send,
    send: ({ endpoint, input }, extra = {}) =>
      send(endpoint, {
        ...input,
        ...extra,
        headers: { ...input.headers, ...extra.headers },
      }),
  };
}

/** The same client over a socket, for tests of a running server. */
export function httpClient(baseUrl: string): TestClient {
  return testClient({ request: (path, init) => fetch(`${baseUrl}${path}`, init) });
}
