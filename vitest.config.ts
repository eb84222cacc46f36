import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { contentPlugin } from './app/content.ts';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

/** Each browser project needs its own config object: Vitest mutates it. */
function chromium() {
  return {
    enabled: true,
    headless: true,
    provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
    instances: [{ browser: 'chromium' as const }],
  };
}

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: ['packages/server/src/**/*.test.ts'],
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // where the server tests alone kept one core busy for ten minutes while the other idled. Two
    // at least (docs/architecture.md#suite-time).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts', 'packages/mocks/src/**/*.test.ts'],
        },
      },
      {
        plugins: [react(), contentPlugin()],
        define: { __BUILD_ID__: JSON.stringify('test') },
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['app/src/**/*.test.{ts,tsx}', 'packages/ui/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./tests/setup-jsdom.ts'],
        },
      },
      server('server', 'pglite'),
      // The same server tests again on a real PostgreSQL whenever one is configured.
      ...(process.env.DATABASE_URL ? [server('server-postgres', 'postgres')] : []),
      {
        plugins: [storybookTest({ configDir: '.storybook' }), tailwindcss()],
        test: {
          name: 'stories',
          browser: chromium(),
          testTimeout: 20_000,
        },
      },
    ],
  },
});
