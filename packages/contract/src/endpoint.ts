import type { z } from 'zod';
import { ACTION_TIMEOUT_MS, DEFAULT_TIMEOUT_MS } from './constants.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** How a call's request body travels. */
export type BodyKind = 'json' | 'multipart';

/** How a call's answer travels: JSON parsed with `response`, or raw bytes (audio). */
export type ResponseKind = 'json' | 'binary';

/**
 * One call of the API (docs/architecture.md#the-contract): the single description that the server
 * (routes, validation, OpenAPI), the client (timeouts, retries, parsing) and the mocks all read.
 */
export interface Endpoint<
  Req extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Stable id, also the OpenAPI operationId. */
  id: string;
  method: HttpMethod;
  /** Path in Hono/OpenAPI form with `{param}` placeholders, e.g. `/api/note/{id}`. */
  path: string;
  /** OpenAPI tag; one per resource. */
  tag: string;
  summary: string;
  /** Bearer token required. */
  auth: boolean;
  /**
   * Also accepts the access token from the `auth` cookie (docs/sessions.md#auth-cookie), for
   * elements that cannot send a header (`<audio src>`). Only for reads: the cookie is
   * SameSite=Strict.
   */
  cookieAuth?: boolean;
  body?: Req;
  bodyKind?: BodyKind;
  query?: Query;
  /** The `{param}` placeholders of `path`, as an object schema (they arrive as strings). */
  params?: Params;
  response: Res;
  /** Defaults to `'json'`. For `'binary'` the response schema only documents the bytes. */
  responseKind?: ResponseKind;
  /**
   * Client timeout in milliseconds (docs/sessions.md#timeouts-and-retries); undefined means the
   * default of `timeoutOf`.
   */
  timeoutMs?: number;
  /** Extra attempts after the first one fails with a timeout, network error or 5xx. */
  retries?: number;
}

/**
 * How long the client waits for `endpoint`: its own timeout, else ACTION_TIMEOUT_MS for a change
 * (every dialog and action ends, docs/errors.md#every-action-ends), else DEFAULT_TIMEOUT_MS for a
 * read.
 */
export function timeoutOf(endpoint: Pick<Endpoint, 'method' | 'timeoutMs'>): number {
  return endpoint.timeoutMs ?? (endpoint.method === 'GET' ? DEFAULT_TIMEOUT_MS : ACTION_TIMEOUT_MS);
}

export function defineEndpoint<
  Req extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Res extends z.ZodType = z.ZodType,
  Params extends z.ZodType | undefined = undefined,
>(endpoint: Endpoint<Req, Query, Res, Params>): Endpoint<Req, Query, Res, Params> {
  return endpoint;
}

export type BodyOf<E> =
  E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.input<B>
      : never
    : never;
export type QueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.input<Q>
      : never
    : never;
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.output<R> : never;

export type ParamsOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, infer P>
    ? P extends z.ZodType
      ? z.input<P>
      : never
    : never;

/** The request body after validation (coerced, defaults applied): what a handler works with. */
export type ParsedBodyOf<E> =
  E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType>
    ? B extends z.ZodType
      ? z.output<B>
      : undefined
    : never;
export type ParsedQueryOf<E> =
  E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType>
    ? Q extends z.ZodType
      ? z.output<Q>
      : undefined
    : never;
export type ParsedParamsOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, infer P>
    ? P extends z.ZodType
      ? z.output<P>
      : undefined
    : never;
/** The answer as it may be written (defaults still optional): what a server or mock sends. */
export type ResponseInputOf<E> =
  E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer R> ? z.input<R> : never;

/** Fills `{param}` placeholders; throws when one is missing so a bad URL never leaves the client. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
