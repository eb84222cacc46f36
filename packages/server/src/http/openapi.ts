import {
  createRoute,
  OpenAPIHono,
  type Hook,
  type RouteConfig,
  type RouteHandler,
} from '@hono/zod-openapi';
import { ErrorBody, type BodyKind, type Endpoint, type ResponseKind } from '@protokoll/contract';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { requireAuth, requireAuthOrCookie } from './auth.ts';
import type { AppEnv } from './context.ts';
import { notFoundError, validationError } from '../lib/errors.ts';

export const BEARER_AUTH = 'bearerAuth';

type ContentType<K extends BodyKind | undefined> = K extends 'multipart'
  ? 'multipart/form-data'
  : 'application/json';

/** Binary answers (audio) are raw `Response`s for the handler; JSON ones are typed. */
type ResponseType<K extends ResponseKind | undefined> = K extends 'binary'
  ? 'application/octet-stream'
  : 'application/json';

/** The schema behind an optional endpoint field, or never when the endpoint has none. */
type SchemaOf<T> = Exclude<T, undefined> extends infer S extends z.ZodType ? S : never;
type Part<T, Shape> = [SchemaOf<T>] extends [never] ? Record<never, never> : Shape;

/** The route's path schema: the one passed to `routeFor`, else the endpoint's own. */
type ParamsOf<E extends Endpoint, P> = [SchemaOf<P>] extends [never] ? E['params'] : P;

type RequestOf<E extends Endpoint, P extends z.ZodType | undefined> = Part<
  ParamsOf<E, P>,
  { params: SchemaOf<ParamsOf<E, P>> }
> &
  Part<E['query'], { query: SchemaOf<E['query']> }> &
  Part<
    E['body'],
    {
      body: {
        content: { [K in ContentType<E['bodyKind']>]: { schema: SchemaOf<E['body']> } };
        required: true;
      };
    }
  >;

/** The `createRoute` config an endpoint becomes; typed so handlers see its inputs and output. */
export type EndpointRoute<E extends Endpoint, P extends z.ZodType | undefined> = {
  method: Lowercase<E['method']>;
  path: E['path'];
  operationId: string;
  tags: string[];
  summary: string;
  request: RequestOf<E, P>;
  responses: {
    200: {
      description: string;
      content: { [K in ResponseType<E['responseKind']>]: { schema: E['response'] } };
    };
  };
  getRoutingPath(): string;
};

export interface RouteOptions<P extends z.ZodType | undefined> {
  /**
   * Schema of the `{param}` placeholders, overriding the endpoint's `params`. Without either,
   * every placeholder is documented and passed through as a plain string.
   */
  params?: P;
  /** Documents the response with this schema instead of the endpoint's (same shape, e.g. with a component id). */
  responseDoc?: z.ZodType;
  middleware?: MiddlewareHandler<AppEnv>[];
  /** Further documented error answers of this call (e.g. 409, 429), by status. */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/** Statuses a call may document beyond the ones every call gets. */
export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

/** Path and query schemas must be objects (or pipes into one); the contract types them loosely. */
type ParameterSchema = NonNullable<NonNullable<RouteConfig['request']>['query']>;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

/**
 * The OpenAPI generator cannot describe `z.file()` on its own. A file field of a multipart body
 * is a binary string in OpenAPI terms; say so once, unless the contract already described it.
 */
function describeFileFields(body: z.ZodType): void {
  if (!(body instanceof z.ZodObject)) return;
  for (const field of Object.values(body.shape as Record<string, z.ZodType>)) {
    const inner = field instanceof z.ZodOptional ? (field.unwrap() as z.ZodType) : field;
    if (inner instanceof z.ZodFile && !z.globalRegistry.has(inner)) {
      z.globalRegistry.add(inner, { type: 'string', format: 'binary' });
    }
  }
}

/**
 * Turns a contract endpoint into an OpenAPI route: method, path, schemas, bearer security and the
 * shared error responses all come from the endpoint, so mounting a new call is one line.
 */
export function routeFor<E extends Endpoint, P extends z.ZodType | undefined = undefined>(
  endpoint: E,
  options: RouteOptions<P> = {},
): EndpointRoute<E, P> {
  const placeholders = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const params =
    options.params ??
    endpoint.params ??
    (placeholders.length
      ? z.object(Object.fromEntries(placeholders.map((name) => [name, z.string()])))
      : undefined);
  const contentType =
    endpoint.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
  const responseType =
    endpoint.responseKind === 'binary' ? 'application/octet-stream' : 'application/json';
  const validates = Boolean(params || endpoint.query || endpoint.body);
  // Authentication runs before validation: without a session, a request learns nothing else.
  const auth = endpoint.cookieAuth ? requireAuthOrCookie : requireAuth;
  const middleware = [...(endpoint.auth ? [auth] : []), ...(options.middleware ?? [])];
  if (endpoint.body && endpoint.bodyKind === 'multipart') describeFileFields(endpoint.body);

  const config: RouteConfig = {
    method: endpoint.method.toLowerCase() as Lowercase<E['method']>,
    path: endpoint.path,
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    // Public calls say so explicitly (an empty requirement), rather than by leaving it out.
    security: endpoint.auth ? [{ [BEARER_AUTH]: [] }] : [],
    ...(middleware.length ? { middleware } : {}),
    request: {
      ...(params ? { params: params as ParameterSchema } : {}),
      ...(endpoint.query ? { query: endpoint.query as ParameterSchema } : {}),
      ...(endpoint.body
        ? { body: { content: { [contentType]: { schema: endpoint.body } }, required: true } }
        : {}),
    },
    responses: {
      200: {
        description: endpoint.summary,
        content: { [responseType]: { schema: options.responseDoc ?? endpoint.response } },
      },
      ...(endpoint.auth ? { 401: errorResponse('Missing or invalid bearer token') } : {}),
      ...(placeholders.length ? { 404: errorResponse('Not found') } : {}),
      ...(validates ? { 422: errorResponse('Invalid input: the issues name each field') } : {}),
      ...(endpoint.body
        ? {
            400: errorResponse('Malformed body'),
            413: errorResponse('Request body too large'),
          }
        : {}),
      // Every request: the server reads at most 16 KiB of request line and headers.
      431: errorResponse('Request header fields too large'),
      ...Object.fromEntries(
        Object.entries(options.errors ?? {}).map(([status, text]) => [status, errorResponse(text)]),
      ),
      500: errorResponse('Unexpected server error'),
    },
  };
  return createRoute(config) as unknown as EndpointRoute<E, P>;
}

/** A handler for a route made by `routeFor`. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/**
 * Zod failures of params, query or body become the shared 422 body (thrown to `onError`). A path
 * whose only fault is a number past its maximum (an id beyond the database's range) names
 * nothing that can exist: 404, as for any unknown id.
 */
export const validationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return;
  if (result.target === 'param' && result.error.issues.every((i) => i.code === 'too_big')) {
    throw notFoundError();
  }
  throw validationError(result.error);
};

/** Every resource router is one of these, so validation failures answer alike everywhere. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
