import { OpenAPIHono } from '@hono/zod-openapi';
import type { Endpoint } from '@protokoll/contract';
import { allEndpoints } from '@protokoll/contract/all-endpoints';
import { describe, expect, it } from 'vitest';
import { BEARER_AUTH, routeFor } from './openapi.ts';

/**
 * Every contract call must turn into a documentable route, so mounting one later is a single
 * line. The handlers here are never called: only the generated document is looked at.
 */
describe('routeFor', () => {
  const all = Object.values(allEndpoints) as Endpoint[];

  function documentOf(list: Endpoint[]) {
    const app = new OpenAPIHono();
    for (const endpoint of list) {
      app.openapi(routeFor(endpoint) as never, (() => new Response()) as never);
    }
    return app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '0' } });
  }

  it('documents every contract endpoint with its method, path, id and error body', () => {
    // i18nMessages documents through a local schema (see web/i18n.routes.ts).
    const doc = documentOf(all.filter((e) => e.id !== 'i18nMessages'));
    for (const endpoint of all) {
      if (endpoint.id === 'i18nMessages') continue;
      const operation = doc.paths?.[endpoint.path]?.[endpoint.method.toLowerCase() as 'get'];
      expect(operation, endpoint.id).toBeDefined();
      expect(operation?.operationId).toBe(endpoint.id);
      expect(operation?.tags).toEqual([endpoint.tag]);
      expect(JSON.stringify(operation?.responses?.['500'])).toContain(
        '#/components/schemas/ErrorBody',
      );
      if (endpoint.auth) {
        expect(operation?.security, endpoint.id).toEqual([{ [BEARER_AUTH]: [] }]);
        expect(operation?.responses?.['401'], endpoint.id).toBeDefined();
      } else {
        // Public, and saying so: an empty requirement list.
        expect(operation?.security, endpoint.id).toEqual([]);
      }
      // Every operation documents a client error (at least the 16 KiB header limit).
      expect(
        Object.keys(operation?.responses ?? {}).some((status) => status.startsWith('4')),
        endpoint.id,
      ).toBe(true);
      for (const [, name] of endpoint.path.matchAll(/\{(\w+)\}/g)) {
        expect(
          operation?.parameters?.some((p) => 'name' in p && p.name === name && p.in === 'path'),
          `${endpoint.id} {${name}}`,
        ).toBe(true);
      }
    }
  });

  it('documents a multipart body as form data and a binary answer as bytes', () => {
    const multipart = all.find((e) => e.bodyKind === 'multipart');
    const binary = all.find((e) => e.responseKind === 'binary');
    const doc = documentOf([multipart, binary].filter((e): e is Endpoint => Boolean(e)));
    if (multipart) {
      const op = doc.paths?.[multipart.path]?.[multipart.method.toLowerCase() as 'post'];
      expect(Object.keys((op?.requestBody as { content: object }).content)).toEqual([
        'multipart/form-data',
      ]);
    }
    if (binary) {
      const op = doc.paths?.[binary.path]?.get;
      expect(Object.keys((op?.responses?.['200'] as { content: object }).content)).toEqual([
        'application/octet-stream',
      ]);
    }
  });
});
