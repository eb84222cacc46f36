/**
 * The workspace's import graph has no circles (docs/architecture.md#import-direction): a module
 * never reaches itself through its imports, type-only imports included. `npm test` runs it
 * (`npm run check:cycles`); the direction between and inside the packages is ESLint's
 * (eslint.config.js).
 *
 * @type {import('dependency-cruiser').IConfiguration}
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Break a circle by direction: the lower module never imports the upper one.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        '(^|/)node_modules/',
        '(^|/)dist/',
        '^storybook-static/',
        '^\\.data/',
        '^test-results/',
      ],
    },
    // `import type` counts: a circle of types is a circle of layers too.
    tsPreCompilationDeps: true,
    // Resolves the `.ts` extensions and the workspace packages (`@protokoll/*` through their
    // `exports`) as TypeScript and Vite do.
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
