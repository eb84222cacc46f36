#!/usr/bin/env node
// The app's production build (docs/architecture.md#prerendered-pages):
//   1. the browser bundle (dist/, with Vite's manifest),
//   2. the same app for Node (dist/.ssr/entry-server.js, kept: the server renders the pages with
//      data with it, docs/architecture.md#pages-rendered-with-data; a hidden folder is never served),
//   3. every address of PRERENDERED_PATHS rendered to dist/pages/<path>.html, and the templates
//      of the pages rendered with data to dist/.ssr/templates/<path>.html (and share.html),
//   4. the build manifest, the latest-build file (docs/architecture.md#new-builds) and the
//      hashes of the inline scripts for the server's content security policy,
//   5. .br/.gz beside every text file.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompress } from './precompress.mjs';
import { pageDocument, shellDocument } from './page-document.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const ssrOut = join(dist, '.ssr');
// One id for both builds and the latest-build file; a deployment may name its own.
const buildId = process.env.BUILD_ID || Date.now().toString(36);
process.env.BUILD_ID = buildId;

await build({ root, logLevel: 'warn' });
await build({
  root,
  logLevel: 'warn',
  build: { ssr: 'src/entry-server.tsx', outDir: ssrOut, emptyOutDir: true, manifest: false },
});

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const server = await import(pathToFileURL(join(ssrOut, 'entry-server.js')).href);
const documentOptions = {
  modules: server.LAZY_MODULES,
  readAsset: (asset) => readFileSync(join(dist, asset), 'utf8'),
  scriptJson: server.scriptJson,
  boot: {
    id: server.BOOT_MODULES_ID,
    script: server.BOOT_SCRIPT,
    fontsLater: server.FONTS_LATER_ATTRIBUTE,
    signedIn: server.SIGNED_IN_SCRIPT,
  },
};
const write = (file, text) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const pages = [];
for (const path of server.prerenderedAddresses()) {
  const page = await server.renderPage(path);
  const file = join(dist, 'pages', `${path === '/' ? 'index' : path.slice(1)}.html`);
  write(file, pageDocument(shell, manifest, page, documentOptions));
  pages.push(path);
}
// A page rendered with data: its frame's document, its markup left to the server per request.
for (const path of server.dataRenderedAddresses()) {
  const frame = await server.renderPage(path);
  const file = join(ssrOut, server.DATA_TEMPLATES_DIR, server.dataTemplateFile(path));
  write(
    file,
    pageDocument(shell, manifest, { ...frame, html: server.ROOT_OUTLET }, documentOptions),
  );
}
// The share pages' template (docs/sharing.md#the-page): the shell's head with the share pages' own
// stylesheet inlined, no module.
write(
  join(ssrOut, server.DATA_TEMPLATES_DIR, server.SHARE_TEMPLATE_FILE),
  server.shareTemplateOf(shell),
);
// The pages the browser renders get the shell with their chunks preloaded.
for (const page of server.browserRenderedPages()) {
  const file = join(dist, 'pages', `${page.path.slice(1)}.html`);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    shellDocument(shell, manifest, page, {
      modules: server.LAZY_MODULES,
      fontsLater: server.FONTS_LATER_ATTRIBUTE,
    }),
  );
}

// What this build is: its id, its pages, and every file it consists of.
const files = Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]);
writeFileSync(
  join(dist, 'build-manifest.json'),
  `${JSON.stringify({ buildId, builtAt: new Date().toISOString(), pages, files: [...new Set(files)].sort() }, null, 2)}\n`,
);
// The content security policy allows exactly the inline scripts this build put into its pages.
write(
  join(dist, server.SCRIPT_HASHES_FILE),
  `${JSON.stringify(
    server.INLINE_SCRIPTS.map(
      (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`,
    ),
  )}\n`,
);
// Polled by open tabs; tiny and never cached.
writeFileSync(join(dist, 'latest-build.json'), `${JSON.stringify({ buildId })}\n`);

precompress(dist);
console.log(`built ${buildId}: ${pages.length} prerendered pages (${pages.join(', ')})`);
