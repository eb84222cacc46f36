import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkGroups } from './chunk-groups.ts';
import { contentPlugin } from './content.ts';
// Relative and zod-free: the Vite config loads this file with Node.
import { HEAD_SCRIPT } from './src/lib/boot-scripts.ts';

/** The default layout's module: its chunk's imports are left out of its pages' preload lists. */
const DEFAULT_LAYOUT = /\/app\/src\/routes\/default-layout\.tsx$/;

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/**
 * The modules every account page shares beyond the entry (layout, fields, links), kept in one
 * chunk: split by the default rules they become ~20 tiny chunks shared with other pages, which
 * compress worse and grow the entry's preload list. The screens themselves stay in their routes'
 * chunks: they bring react-hook-form, which the other pages must not load. A shared module
 * missing here shows in `scripts/check-bundle-budget.mjs`.
 */
const PUBLIC_CHUNK = [
  /packages\/ui\/src\/components\/(button|field|form-error-alert|input|password-input|icon-button|alert|card|link|spinner|language-links)\.tsx$/,
  /packages\/ui\/src\/layouts\/(auth-layout|brand)\.tsx$/,
  /packages\/ui\/src\/screens\/auth\/auth-parts\.tsx$/,
  /packages\/ui\/src\/lib\/(cn|tw-merge-config\.generated|render-link|failure-text|connection)\.tsx?$/,
  /app\/src\/routes\/auth\/(auth-page|google-button)\.tsx$/,
  /app\/src\/lib\/(router-link|connection|page-render)\.tsx?$/,
  /packages\/contract\/src\/(error-key|constants)\.ts$/,
  /node_modules\/.*\/(tailwind-merge|clsx|class-variance-authority|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//,
  // What the entry shares with the lazily loaded chunks (React, i18next, wouter's hooks, the
  // footer): loaded with the entry on every page, in this chunk instead of ~8 files of their own.
  /node_modules\/.*\/(react\/|i18next\/|use-sync-external-store\/|react-i18next\/dist\/es\/(context|utils|unescape|defaults|i18nInstance|useTranslation)\.js$|wouter\/src\/(use-sync-external-store|react-deps|use-browser-location)\.js$)/,
  /packages\/contract\/src\/(messages|routes)\.ts$/,
  /packages\/ui\/src\/layouts\/site-footer\.tsx$/,
  /app\/src\/routes\/app-site-footer\.tsx$/,
  /vite\/preload-helper\.js$/,
  /node_modules\/.*lucide-react\/dist\/esm\/(icons\/(circle-exclamation-point|triangle-exclamation-point|circle-check|info|eye|eye-off|globe|audio-lines|loader-circle)|createLucideIcon|Icon|defaultAttributes|shared|context)/,
];

/**
 * The head script first in `<head>` of the shell and so of every prerendered page: it sets
 * `.dark` and, where the browser has it, the web font before the first paint
 * (docs/architecture.md#colour-theme, docs/architecture.md#the-web-font).
 */
function headScriptPlugin(): Plugin {
  return {
    name: 'protokoll-head-script',
    transformIndexHtml: () => [{ tag: 'script', children: HEAD_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/** What the build's preload lists leave out (`modulePreload.resolveDependencies` below). */
interface PreloadSkips {
  /** The browser entry's static imports: loaded before any dynamic import runs. */
  entry: Set<string>;
  /** The default layout's chunk, and the chunks it imports: a page in it loads beside it. */
  layout: string;
  layoutImports: Set<string>;
}

/** Records, when the bundle is written, what `PreloadSkips` lists (before Vite lists preloads). */
function preloadSkipsPlugin(skips: PreloadSkips): Plugin {
  return {
    name: 'protokoll-preload-skips',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, seen: Set<string>): Set<string> => {
        for (const dep of byFile.get(file)?.imports ?? []) {
          if (!seen.has(dep)) closure(dep, seen.add(dep));
        }
        return seen;
      };
      for (const chunk of chunks) {
        if (chunk.isEntry) skips.entry = new Set(chunk.imports);
        if (chunk.facadeModuleId && DEFAULT_LAYOUT.test(chunk.facadeModuleId)) {
          skips.layout = chunk.fileName;
          skips.layoutImports = closure(chunk.fileName, new Set());
        }
      }
    },
  };
}

export default defineConfig(({ mode, isSsrBuild }) => {
  const skips: PreloadSkips = { entry: new Set(), layout: '', layoutImports: new Set() };
  // One graph per build: the browser bundle's (the Node bundle keeps the default rules).
  const groups = chunkGroups((id) => PUBLIC_CHUNK.some((rule) => rule.test(id)));
  return {
    // Compression and prerendering follow the bundle in scripts/build.mjs.
    plugins: [
      headScriptPlugin(),
      react(),
      tailwindcss(),
      contentPlugin(),
      groups.plugin,
      preloadSkipsPlugin(skips),
    ],
    // Mock mode serves MSW's worker script; production never ships it.
    publicDir: mode === 'mock' ? '../.storybook/public' : 'public',
    define: {
      __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? Date.now().toString(36)),
    },
    server: {
      port: 5173,
      proxy: { '/api': apiTarget, '/_i18n': apiTarget },
    },
    build: {
      manifest: true,
      target: 'es2022',
      cssCodeSplit: true,
      // A dynamic import preloads its chunk's imports, except those the entry imports statically
      // (loaded before any dynamic import runs) and, but for the default layout's own import,
      // those the default layout imports: its pages load beside it, and it preloads them.
      modulePreload: {
        resolveDependencies: (file, deps) =>
          deps.filter(
            (dep) =>
              !skips.entry.has(dep) && (file === skips.layout || !skips.layoutImports.has(dep)),
          ),
      },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Only the listed modules: their dependencies stay where the default rules put them.
            includeDependenciesRecursively: false,
            groups: [
              {
                name: 'public',
                test: (id) => PUBLIC_CHUNK.some((rule) => rule.test(id)),
                priority: 2,
              },
              ...(isSsrBuild
                ? []
                : [{ name: groups.signedInChunks, debugName: 'signed-in', priority: 1 }]),
            ],
          },
        },
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
          warn(warning);
        },
      },
    },
  };
});
