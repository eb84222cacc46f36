import {
  createRoute,
  OpenAPIHono,
  type Hook,
  type RouteConfig,
  type RouteHandler,
} from '@hono/zod-openapi';
import { ErrorBody, type BodyKind, type Endpoint } from '@protokoll/contract';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './context.ts';
import { validationError } from './errors.ts';

export const BEARER_AUTH = 'bearerAuth';

type ContentType<K extends BodyKind | undefined> = K extends 'multipart'
  ? 'multipart/form-data'
  : 'application/json';

type RequestOf<E extends Endpoint, P extends z.ZodType | undefined> = (P extends z.ZodType
  ? { params: P }
  : {}) &
  (E['query'] extends z.ZodType ? { query: E['query'] } : {}) &
  (E['body'] extends z.ZodType
    ? {
        body: {
          content: { [K in ContentType<E['bodyKind']>]: { schema: E['body'] } };
          required: true;
        };
      }
    : {});

/** The `createRoute` config an endpoint becomes; typed so handlers see its inputs and output. */
export type EndpointRoute<E extends Endpoint, P extends z.ZodType | undefined> = {
  method: Lowercase<E['method']>;
  path: E['path'];
  operationId: string;
  tags: string[];
  summary: string;
  request: RequestOf<E, P>;
  responses: {
    200: { description: string; content: { 'application/json': { schema: E['response'] } } };
  };
  getRoutingPath(): string;
};

export interface RouteOptions<P extends z.ZodType | undefined> {
  /**
   * Schema of the `{param}` placeholders. Without it every placeholder is documented and
   * passed through as a plain string.
   */
  params?: P;
  /** Documents the response with this schema instead of the endpoint's (same shape, e.g. with a component id). */
  responseDoc?: z.ZodType;
  middleware?: MiddlewareHandler<AppEnv>[];
}

/** Path and query schemas must be objects (or pipes into one); the contract types them loosely. */
type ParameterSchema = NonNullable<NonNullable<RouteConfig['request']>['query']>;

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorBody } },
});

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
    (placeholders.length
      ? z.object(Object.fromEntries(placeholders.map((name) => [name, z.string()])))
      : undefined);
  const contentType = endpoint.bodyKind === 'multipart' ? 'multipart/form-data' : 'application/json';
  const validates = Boolean(params || endpoint.query || endpoint.body);

  const config: RouteConfig = {
    method: endpoint.method.toLowerCase() as Lowercase<E['method']>,
    path: endpoint.path,
    operationId: endpoint.id,
    tags: [endpoint.tag],
    summary: endpoint.summary,
    ...(endpoint.auth ? { security: [{ [BEARER_AUTH]: [] }] } : {}),
    ...(options.middleware ? { middleware: options.middleware } : {}),
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
        content: { 'application/json': { schema: options.responseDoc ?? endpoint.response } },
      },
      ...(endpoint.auth ? { 401: errorResponse('Missing or invalid bearer token') } : {}),
      ...(placeholders.length ? { 404: errorResponse('Not found') } : {}),
      ...(validates ? { 422: errorResponse('Invalid input: the issues name each field') } : {}),
      500: errorResponse('Unexpected server error'),
    },
  };
  return createRoute(config) as unknown as EndpointRoute<E, P>;
}

/** A handler for a route made by `routeFor`. */
export type AppRouteHandler<R extends RouteConfig> = RouteHandler<R, AppEnv>;

/** Zod failures of params, query or body become the shared 422 body (thrown to `onError`). */
export const validationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (!result.success) throw validationError(result.error);
};

/** Every resource router is one of these, so validation failures answer alike everywhere. */
export function createRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}
