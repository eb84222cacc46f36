import { delay, http, HttpResponse } from 'msw';
import type {
  Endpoint,
  ParsedBodyOf,
  ParsedParamsOf,
  ParsedQueryOf,
  ResponseInputOf,
} from '@protokoll/contract';
import { errorResponse, notAuthenticated, validationResponse } from './respond.ts';
import { onMockReset } from './resets.ts';

/** A bearer token the mocks treat as expired: every authenticated call answers 401. */
export const EXPIRED_TOKEN = 'mock-expired-token';

/** The bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * The one auth check of every mock handler: a bearer token must be present and not the expired
 * one. The mocks are stateless about sessions, so any other token is accepted.
 */
export function isAuthenticated(request: Request): boolean {
  const token = bearerToken(request);
  return token !== null && token !== EXPIRED_TOKEN;
}

export interface HandlerContext<E extends Endpoint> {
  request: Request;
  body: ParsedBodyOf<E>;
  query: ParsedQueryOf<E>;
  params: ParsedParamsOf<E>;
}

export interface HandleOptions {
  /** Wait this long before answering (`'infinite'` never answers: a timeout). */
  latency?: number | 'infinite';
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `/api/note/{id}` becomes `*` + `/api/note/:id`: any API base address matches. */
export function mswPath(endpoint: Pick<Endpoint, 'path'>): string {
  return `*${endpoint.path.replace(/\{(\w+)\}/g, ':$1')}`;
}

async function readBody(request: Request, kind: Endpoint['bodyKind']): Promise<unknown> {
  if (kind === 'multipart') {
    const form = await request.formData();
    return Object.fromEntries(form.entries());
  }
  const text = await request.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * An MSW handler for one contract endpoint: checks the bearer token when the endpoint needs one,
 * parses path params, query and body with the contract schemas (422 with field issues when they
 * do not fit) and hands the parsed values to `resolver`. Path params that do not parse fall
 * through to the next handler, as a route that does not match would.
 */
export function handle<E extends Endpoint>(
  endpoint: E,
  resolver: (context: HandlerContext<E>) => Response | Promise<Response>,
  options: HandleOptions = {},
) {
  const method = endpoint.method.toLowerCase() as Method;
  return http[method](mswPath(endpoint), async ({ request, params: rawParams }) => {
    let params: unknown = undefined;
    if (endpoint.params) {
      const parsed = endpoint.params.safeParse(rawParams);
      if (!parsed.success) return undefined;
      params = parsed.data;
    }
    if (options.latency !== undefined) await delay(options.latency);
    if (endpoint.auth && !isAuthenticated(request)) return notAuthenticated();

    let query: unknown = undefined;
    if (endpoint.query) {
      const search = Object.fromEntries(new URL(request.url).searchParams);
      const parsed = endpoint.query.safeParse(search);
      if (!parsed.success) return validationResponse(parsed.error);
      query = parsed.data;
    }

    let body: unknown = undefined;
    if (endpoint.body) {
      let raw: unknown;
      try {
        raw = await readBody(request, endpoint.bodyKind);
      } catch {
        return errorResponse(400, 'validation', 'Malformed request body');
      }
      const parsed = endpoint.body.safeParse(raw);
      if (!parsed.success) return validationResponse(parsed.error);
      body = parsed.data;
    }

    return resolver({ request, body, query, params } as HandlerContext<E>);
  });
}

/** An MSW handler on `endpoint`'s method and path that only takes URLs whose params parse. */
function route(
  endpoint: Endpoint,
  answer: (request: Request) => Response | undefined | Promise<Response | undefined>,
) {
  return http[endpoint.method.toLowerCase() as Method](mswPath(endpoint), ({ request, params }) => {
    if (endpoint.params && !endpoint.params.safeParse(params).success) return undefined;
    return answer(request);
  });
}

/**
 * A JSON answer for `endpoint`, checked against its contract schema: a fixture that drifts from
 * the contract fails loudly (500 naming the endpoint) instead of feeding a screen bad data.
 */
export function reply<E extends Endpoint>(
  endpoint: E,
  data: ResponseInputOf<E>,
  init?: ResponseInit,
) {
  const checked = endpoint.response.safeParse(data);
  if (!checked.success) {
    return errorResponse(
      500,
      'internal',
      `Mock answer of ${endpoint.id} does not match the contract: ${checked.error.message}`,
    );
  }
  return HttpResponse.json(data as never, init);
}

/** Every call of one endpoint fails with `status` and the given error code. */
export function failWith(endpoint: Endpoint, status: number, code: string, message?: string) {
  return route(endpoint, () => errorResponse(status, code, message));
}

/** Handlers whose failure lasts until a story's play function says the server is back. */
export type Recoverable<H> = H[] & {
  /** From now on, calls go on to the handlers after the failing one. */
  recover(): void;
};

/**
 * Every call of `endpoint` gets `answer` (a failure) until `recover()` is called; later calls go
 * on to `rest`. A count ("the first call fails") would depend on how many loads a screen makes
 * before its play function looks, which differs between a development server and a build
 * (docs/storybook.md#route-stories). Each story starts failing again.
 */
export function failUntilRecovered<H>(
  endpoint: Endpoint,
  answer: () => Response,
  rest: readonly H[],
): Recoverable<ReturnType<typeof route> | H> {
  let failing = true;
  onMockReset(() => {
    failing = true;
  });
  const handlers = [route(endpoint, () => (failing ? answer() : undefined)), ...rest];
  return Object.assign(handlers, {
    recover: () => {
      failing = false;
    },
  });
}

/** Every call of one endpoint fails as a network error (offline). */
export function networkError(endpoint: Endpoint) {
  return route(endpoint, () => HttpResponse.error());
}

/** Every call of one endpoint never answers, so the client's timeout fires. */
export function hang(endpoint: Endpoint) {
  return route(endpoint, async () => {
    await delay('infinite');
    return HttpResponse.error();
  });
}
