import { describe, expect, it } from 'vitest';
import { noDatabase, testApp, testConfig } from '../../test/app.ts';

// The OpenAPI document and its reference UI are no contract calls: plain requests here.

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the contract', async () => {
    const { app } = testApp(noDatabase(), testConfig({ PUBLIC_URL: 'https://protokoll.example' }));
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: 'Protokoll API', version: '9.9.9-test' });
    expect(doc.servers).toEqual([{ url: 'https://protokoll.example' }]);

    const health = doc.paths['/api/health'].get;
    expect(health.operationId).toBe('health');
    expect(health.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/Health',
    });
    expect(health.responses['500'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });

    const messages = doc.paths['/_i18n/{locale}/messages.json'].get;
    expect(messages.parameters).toEqual([
      expect.objectContaining({ name: 'locale', in: 'path', required: true }),
    ]);

    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Health', 'ErrorBody', 'Messages']),
    );
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });
});

describe('GET /api/docs', () => {
  it('serves the reference UI with every asset from this server', async () => {
    const { app } = testApp(noDatabase());
    const res = await app.request('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    const html = await res.text();

    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(3);
    for (const ref of refs) {
      expect(ref).toMatch(/^\/api\/docs\/assets\//);
      const asset = await app.request(ref);
      expect(asset.status, ref).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, ref).toBeGreaterThan(0);
    }
    expect(html).not.toMatch(/https?:\/\//);

    const init = await (await app.request('/api/docs/assets/init.js')).text();
    expect(init).toContain('/api/openapi.json');
    expect(init).toContain('validatorUrl: null');
  });

  it('serves nothing else from swagger-ui-dist', async () => {
    const { app } = testApp(noDatabase());
    for (const path of ['/api/docs/assets/package.json', '/api/docs/assets/..%2Fpackage.json']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ code: 'notFound' });
    }
  });
});
