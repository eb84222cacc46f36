#!/usr/bin/env node
// Builds the server to plain JavaScript once (docs/deployment.md#production-build), so production
// runs `node dist/main.js` with no compiler at start: `npm start` and the end-to-end tests run
// this build. esbuild bundles the server's own sources and the workspace's TypeScript packages
// (`@protokoll/contract`), and leaves every package from the registry to Node's resolution at run
// time: native addons (argon2), PGlite's WebAssembly and the fonts PDFKit reads stay where pnpm
// put them.
import { build } from 'esbuild';
import { copyFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
const outdir = fileURLToPath(new URL('../dist', import.meta.url));

/** A bare specifier outside the workspace (`hono`, `node:fs`): Node loads it at run time. */
const registryPackages = {
  name: 'registry-packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@protokoll/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  absWorkingDir: serverRoot,
  entryPoints: { main: 'src/main.ts', worker: 'src/worker.ts', admin: 'src/admin.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces and logs name the functions as the sources do.
  keepNames: true,
  plugins: [registryPackages],
  logLevel: 'warning',
});
// The page-render threads' file is plain JavaScript that imports nothing of the workspace: it
// goes beside the chunks as it is (src/web/data-pages.ts finds it next to itself).
copyFileSync(
  fileURLToPath(new URL('../src/web/render-worker.mjs', import.meta.url)),
  fileURLToPath(new URL('../dist/render-worker.mjs', import.meta.url)),
);
console.log(`server built to ${outdir} in ${Date.now() - started} ms`);
