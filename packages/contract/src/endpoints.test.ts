import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.ts';
import { allEndpoints } from './all-endpoints.ts';
import { endpoints, type Endpoint } from './index.ts';

const all = Object.entries(allEndpoints) as [string, Endpoint][];

describe('endpoints', () => {
  it('end every change within ACTION_TIMEOUT_MS unless the contract gives it a timeout of its own', () => {
    expect(contract.timeoutOf(endpoints.createFolder)).toBe(contract.ACTION_TIMEOUT_MS);
    expect(contract.timeoutOf(endpoints.listFolders)).toBe(contract.DEFAULT_TIMEOUT_MS);
    expect(contract.timeoutOf(endpoints.login)).toBe(contract.LOGIN_TIMEOUT_MS);
    for (const [, endpoint] of all) {
      if (endpoint.method === 'GET' || endpoint.timeoutMs !== undefined) continue;
      expect(contract.timeoutOf(endpoint)).toBeLessThanOrEqual(15_000);
    }
  });

  it('have unique ids, each equal to its registry key', () => {
    const ids = all.map(([, endpoint]) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [key, endpoint] of all) expect(endpoint.id).toBe(key);
  });

  it('have unique method + path pairs', () => {
    const routes = all.map(([, e]) => `${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('cover every call the API offers', () => {
    const routes = new Set(all.map(([, e]) => `${e.method} ${e.path}`));
    const expected = [
      'POST /api/auth/login',
      'POST /api/auth/google',
      'POST /api/auth/logout',
      'POST /api/auth/refresh',
      'GET /api/auth/validate',
      'POST /api/auth/register',
      'POST /api/auth/forgot-password',
      'POST /api/auth/reset-password',
      'POST /api/auth/update-email',
      'GET /api/user',
      'PUT /api/user',
      'DELETE /api/user',
      'GET /api/user/minutes',
      'GET /api/user/plan',
      'POST /api/user/email',
      'POST /api/user/password',
      'GET /api/plans',
      'GET /api/note/count',
      'GET /api/note/list',
      'POST /api/note',
      'GET /api/note/{id}/{format}',
      'DELETE /api/note',
      'POST /api/note/move',
      'GET /api/note/{id}',
      'PATCH /api/note',
      'GET /api/note/{id}/audio',
      'GET /api/note/{id}/original',
      'POST /api/note/{id}/retry',
      'POST /api/note/{id}/resummarise',
      'GET /api/note/{id}/summaries',
      'POST /api/note/{id}/summaries/{version}/restore',
      'GET /api/folder/list',
      'POST /api/folder',
      'PUT /api/folder',
      'DELETE /api/folder',
      'POST /api/stripe/checkout',
      'GET /api/checkout/status/{sessionId}',
      'POST /api/checkout/cancel',
      'POST /api/stripe/portalSession',
      'POST /api/stripe/webhook',
      'POST /api/support',
      'GET /api/team',
      'POST /api/team/invite',
      'POST /api/team/accept',
      'DELETE /api/team/member',
      'POST /api/team/leave',
      'DELETE /api/team/invitation',
      'GET /api/capabilities',
    ];
    for (const route of expected) expect(routes.has(route), route).toBe(true);
  });

  it('carry the per-call timeouts and retries', () => {
    const timing = (e: Endpoint) => ({ timeoutMs: e.timeoutMs, retries: e.retries });
    expect(timing(endpoints.login)).toEqual({ timeoutMs: 100_000, retries: 1 });
    expect(timing(endpoints.register)).toEqual({ timeoutMs: 10_000, retries: 1 });
    expect(timing(endpoints.refreshToken)).toEqual({ timeoutMs: 8_000, retries: undefined });
    expect(timing(endpoints.validateToken)).toEqual({ timeoutMs: 5_000, retries: undefined });
    expect(timing(endpoints.getUser)).toEqual({ timeoutMs: 5_000, retries: undefined });
    expect(timing(endpoints.getMinutes)).toEqual({ timeoutMs: 5_000, retries: undefined });
    expect(timing(endpoints.getPlan)).toEqual({ timeoutMs: 5_000, retries: undefined });
    expect(timing(endpoints.createPortalSession)).toEqual({
      timeoutMs: 10_000,
      retries: undefined,
    });
  });

  it('need a bearer token except for sign-in, public and webhook calls', () => {
    const open = all
      .filter(([, e]) => !e.auth)
      .map(([id]) => id)
      .sort();
    expect(open).toEqual(
      [
        'confirmEmailUpdate',
        'forgotPassword',
        'getAuthConfig',
        'getCapabilities',
        'googleLogin',
        'health',
        'i18nMessageGroup',
        'i18nMessages',
        'listPlans',
        'login',
        'refreshToken',
        'register',
        'resetPassword',
        'stripeWebhook',
      ].sort(),
    );
  });

  it('send multipart exactly for upload, checkout and portal', () => {
    const multipart = all
      .filter(([, e]) => e.bodyKind === 'multipart')
      .map(([id]) => id)
      .sort();
    expect(multipart).toEqual(['createCheckout', 'createPortalSession', 'uploadNote']);
    for (const [id, e] of all) {
      if (e.body && id !== 'uploadNote') expect(e.bodyKind, id).toBeDefined();
      if (e.method === 'GET') expect(e.body, id).toBeUndefined();
    }
  });

  it('describe every path placeholder in params', () => {
    for (const [id, e] of all) {
      const placeholders = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      const shape = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(shape, id).toEqual(placeholders);
    }
  });

  it('name every object schema for OpenAPI, with unique names', () => {
    const byId = new Map<string, unknown>();
    for (const [, e] of all) {
      for (const schema of [e.body, e.query, e.params, e.response]) {
        if (schema instanceof z.ZodObject) {
          expect(z.globalRegistry.get(schema)?.id, `${e.id}`).toBeTypeOf('string');
        }
      }
    }
    for (const [name, value] of Object.entries(contract)) {
      if (!(value instanceof z.ZodType)) continue;
      const id = z.globalRegistry.get(value)?.id;
      if (value instanceof z.ZodObject) expect(id, name).toBeTypeOf('string');
      if (!id) continue;
      expect(byId.get(id) ?? value, `duplicate id ${id}`).toBe(value);
      byId.set(id, value);
    }
  });

  it('can be turned into JSON Schema (requests as input, answers as output)', () => {
    for (const [id, e] of all) {
      for (const schema of [e.body, e.query, e.params]) {
        if (schema) expect(() => z.toJSONSchema(schema, { io: 'input' }), id).not.toThrow();
      }
      expect(() => z.toJSONSchema(e.response, { io: 'output' }), id).not.toThrow();
    }
  });
});
