import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context.ts';
import { notFoundError } from '../../lib/errors.ts';
import { BEARER_AUTH } from '../../http/openapi.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const ASSETS_PATH = `${DOCS_PATH}/assets`;

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The swagger-ui-dist files the page needs, with their content types; nothing else is served. */
const assets: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

// Our own initializer instead of swagger-ui-dist's petstore one. validatorUrl: null keeps the page
// from calling validator.swagger.io: the reference UI works without any outside connection.
// persistAuthorization: false: a pasted token lives in the page only, never in localStorage.
const initializer = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    persistAuthorization: false,
  });
});
`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>Protokoll API</title>
    <link rel="stylesheet" href="${ASSETS_PATH}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS_PATH}/favicon-32x32.png" sizes="32x32" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PATH}/init.js"></script>
  </body>
</html>
`;

const fileCache = new Map<string, Uint8Array<ArrayBuffer>>();

async function readAsset(name: string): Promise<Uint8Array<ArrayBuffer>> {
  let body = fileCache.get(name);
  if (!body) {
    body = new Uint8Array(await readFile(join(swaggerDir, name)));
    fileCache.set(name, body);
  }
  return body;
}

/** The OpenAPI 3.1 document of every mounted route, and its offline reference UI. */
export function mountDocs(
  app: OpenAPIHono<AppEnv>,
  info: { version: string; publicUrl: string | undefined },
): void {
  app.openAPIRegistry.registerComponent('securitySchemes', BEARER_AUTH, {
    type: 'http',
    scheme: 'bearer',
    description: 'The token from /api/auth/login, /api/auth/register or /api/auth/refresh.',
  });

  app.doc31(OPENAPI_PATH, {
    openapi: '3.1.0',
    info: {
      title: 'Protokoll API',
      version: info.version,
      description:
        'Upload recordings, get notes. Every failing call answers with the ErrorBody schema.',
    },
    // Without a public address the API is wherever the document was fetched from.
    servers: [{ url: info.publicUrl ?? '/' }],
  });

  app.get(DOCS_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(page);
  });

  app.get(`${ASSETS_PATH}/init.js`, (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'no-cache');
    return c.body(initializer);
  });

  app.get(`${ASSETS_PATH}/:file`, async (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(assets, name) ? assets[name] : undefined;
    if (!type) throw notFoundError();
    c.header('Content-Type', type);
    // Versioned by the installed swagger-ui-dist; a day is plenty for a developer page.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(await readAsset(name));
  });
}
