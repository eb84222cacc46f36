import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import storybook from 'eslint-plugin-storybook';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import direction (docs/architecture.md#import-direction): contract ← ui, mocks, server, app;
 * ui ← app; mocks ← app tests and Storybook. `packages/ui` never imports a router, TanStack Query
 * or fetch.
 */
const boundary = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: forbidden.map(([group, message]) => ({ group, message })),
      },
    ],
  },
});

const notMocks = ['@protokoll/mocks', '@protokoll/mocks/*', '**/packages/mocks/**'];
const notUi = ['@protokoll/ui', '@protokoll/ui/*', '**/packages/ui/**'];
const notServer = ['@protokoll/server', '@protokoll/server/*', '**/packages/server/**'];
const notApp = ['@protokoll/app', '@protokoll/app/*', '**/app/src/**'];

/** The package rule for ui (below), as patterns a narrower block can repeat. */
const uiPatterns = [
  { group: [...notMocks, ...notServer, ...notApp], message: 'ui only imports contract.' },
  {
    group: ['wouter', 'wouter/*', '@tanstack/*', 'react-router*'],
    message: 'ui is presentational: no router, no TanStack Query.',
  },
];
/** `../<other-area>/…` from inside a screen area (`../../` leaves screens/ and is fine). */
const otherArea = {
  regex: '^\\.\\./(?!\\.\\./)[^/]+/',
  message:
    "A screen area does not import another area's internals: share it through widgets/ or components/.",
};
/** `./<area>/…` from a page screen at the top of screens/. */
const areaInternals = {
  regex: '^\\./[^/]+/',
  message:
    "A screen does not import a screen area's internals: share it through widgets/ or components/.",
};
const noScreens = {
  group: ['**/screens/**'],
  message: 'lib, components, widgets and layouts sit below the screens and never import them.',
};

/**
 * The app's layers, lowest first (docs/architecture.md#import-direction): each imports only the
 * ones before it. Stories, tests and mock mode stand outside (the last block below).
 */
const appLayers = [
  { name: 'lib', files: ['lib/**'], paths: ['**/lib/**'] },
  { name: 'session', files: ['session/**'], paths: ['**/session/**'] },
  { name: 'api', files: ['api/**'], paths: ['**/api/**'] },
  { name: 'uploads', files: ['uploads/**'], paths: ['**/uploads/**'] },
  { name: 'recorder', files: ['recorder/**'], paths: ['**/recorder/**'] },
  { name: 'routes', files: ['routes/**'], paths: ['**/routes/**'] },
  {
    name: 'the route table',
    files: [
      'route-table.ts',
      'prerender-routes.ts',
      'page-queries.ts',
      'prefetch-page.ts',
      'error-boundary.tsx',
    ],
    paths: [
      '**/error-boundary.tsx',
      '**/route-table.ts',
      '**/prerender-routes.ts',
      '**/page-queries.ts',
      '**/prefetch-page.ts',
    ],
  },
  {
    name: 'the entries',
    files: ['app.tsx', 'main.tsx', 'entry-server.tsx', 'zod-config.ts'],
    paths: ['**/app.tsx', '**/main.tsx', '**/entry-server.tsx', '**/zod-config.ts'],
  },
];
const notStories = ['**/stories/**', '**/mock-mode.ts'];
/** One block per layer: the app's package rule, plus no import of a layer above it. */
const appLayerBlocks = appLayers.map(({ name, files }, index) => {
  const above = appLayers.slice(index + 1);
  return {
    files: files.map((file) => `app/src/${file}`),
    ignores: ['app/src/**/*.test.{ts,tsx}', 'app/src/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...notServer, ...notMocks],
              message: 'The app reaches the server over HTTP only.',
            },
            ...(above.length === 0
              ? []
              : [
                  {
                    group: above.flatMap((layer) => layer.paths),
                    message: `${name} sits below ${above.map((layer) => layer.name).join(', ')}: it never imports them. Move what both need down, or hand it in from above.`,
                  },
                ]),
            {
              // The entry starts mock mode; nothing of the app's own imports a story's helpers.
              group: above.length === 0 ? ['**/stories/**'] : notStories,
              message: 'Only stories, tests and the entry (mock mode) use these.',
            },
          ],
        },
      ],
    },
  };
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'storybook-static/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      '**/mockServiceWorker.js',
      'packages/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  ...storybook.configs['flat/recommended'],
  boundary(
    ['packages/contract/**'],
    [
      [
        [...notUi, ...notMocks, ...notServer, ...notApp],
        'The contract depends on nothing of ours.',
      ],
      [['react', 'react-dom', 'hono', 'msw', 'drizzle-orm'], 'The contract is plain zod.'],
    ],
  ),
  {
    files: ['packages/ui/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: uiPatterns }] },
  },
  {
    files: ['packages/ui/**/*.{ts,tsx}'],
    ignores: ['packages/ui/**/*.stories.tsx', 'packages/ui/**/*.test.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'ui never fetches: data comes in through props.' },
      ],
    },
  },
  // Inside ui: a screen area (screens/<area>/) keeps its internals; what two areas or the
  // dashboard share lives in widgets/ or components/. Lower layers never reach up into screens.
  // (These blocks repeat the package rule above: a later no-restricted-imports replaces it.)
  {
    files: ['packages/ui/src/screens/*/**/*.{ts,tsx}'],
    ignores: ['packages/ui/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...uiPatterns, otherArea] }],
    },
  },
  {
    files: ['packages/ui/src/screens/*.{ts,tsx}'],
    ignores: ['packages/ui/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...uiPatterns, areaInternals] }],
    },
  },
  {
    files: ['packages/ui/src/{lib,components,widgets,layouts}/**/*.{ts,tsx}'],
    ignores: ['packages/ui/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...uiPatterns, noScreens] }],
    },
  },
  boundary(
    ['packages/mocks/**'],
    [[[...notUi, ...notServer, ...notApp], 'mocks only import contract.']],
  ),
  boundary(
    ['packages/server/**'],
    [[[...notUi, ...notMocks, ...notApp], 'The server only imports contract.']],
  ),
  // Inside the server, only routes/, http/ and web/ speak HTTP: the layers below them never import
  // Hono, a route, a handler or a middleware (docs/architecture.md#server; repeats the server's
  // package boundary: a later block replaces it).
  {
    files: ['packages/server/src/{jobs,lib,domain,processing,providers,db,exports}/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [...notUi, ...notMocks, ...notApp],
              message: 'The server only imports contract.',
            },
            {
              regex: '^\\.\\.?/(.*/)?(routes|http|web)(/|$)',
              message:
                'jobs, lib, domain, processing, providers, db and exports never import routes/, http/ or web/: move what they share to lib/ or domain/.',
            },
            {
              group: ['hono', 'hono/*', '@hono/*'],
              message:
                'No Hono below HTTP: take plain values, and put middleware and request helpers in http/.',
            },
          ],
        },
      ],
    },
  },
  boundary(
    ['app/src/**'],
    [[[...notServer, ...notMocks], 'The app reaches the server over HTTP only.']],
  ),
  // Inside the app: the layers (repeat the package rule: a later block replaces it).
  ...appLayerBlocks,
  {
    // Stories document screens with the same fixtures the mocks serve (mocks ← Storybook).
    files: ['packages/ui/**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          // Only the msw-free fixtures entry: handlers come from the preview.
          paths: ['@protokoll/mocks', '@protokoll/mocks/browser'].map((name) => ({
            name,
            message: 'Stories take data from @protokoll/mocks/fixtures.',
          })),
          patterns: [
            { group: [...notServer, ...notApp], message: 'ui only imports contract.' },
            {
              group: ['**/packages/mocks/**'],
              message: 'Stories take data from @protokoll/mocks/fixtures.',
            },
          ],
        },
      ],
    },
  },
  {
    // Mock mode, app tests and route stories (the app on MSW scenarios) are the app's only users
    // of mocks.
    files: [
      'app/src/mock-mode.ts',
      'app/src/**/*.test.{ts,tsx}',
      'app/src/**/*.stories.tsx',
      'app/src/stories/**',
    ],
    rules: { 'no-restricted-imports': 'off' },
  },
);
