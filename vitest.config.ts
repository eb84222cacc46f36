import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
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

/**
 * The server test files that use a database (they name `useTestDatabase`, `createTestDatabase` or
 * `testDbKind`): only these run again on PostgreSQL. The others (ffmpeg, speech-to-text, exports,
 * serving without a database) would do the same work a second time for nothing
 * (docs/architecture.md#suite-time).
 */
function databaseTestFiles(): string[] {
  const dir = 'packages/server/src';
  return readdirSync(new URL(dir, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`)
    .filter((file) =>
      /\b(useTestDatabase|createTestDatabase|testDbKind)\b/.test(
        readFileSync(new URL(file, import.meta.url), 'utf8'),
      ),
    );
}

/**
 * The contract and unit projects' caps, not waits: Vitest's 5 s let jsdom tests that type into a
 * form time out while the machine was busy (docs/architecture.md#suite-time).
 */
const QUICK_PROJECT_CAPS = { testTimeout: 30_000, hookTimeout: 60_000 };

const server = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  test: {
    name,
    environment: 'node',
    include: db === 'pglite' ? ['packages/server/src/**/*.test.ts'] : databaseTestFiles(),
    // `.ci/run`'s second pass on Node 22 runs each server file once: the files that use a
    // database on PostgreSQL, the others on PGlite (docs/architecture.md#suite-time).
    exclude:
      db === 'pglite' && process.env.SERVER_FILES_ONCE === '1' && process.env.DATABASE_URL
        ? databaseTestFiles()
        : [],
    env: {
      TEST_DB: db,
      // Most of the hostile suite's requests end in validation before any query, alike on both
      // engines: PostgreSQL gets a quarter of PGlite's runs (docs/architecture.md#suite-time).
      ...(db === 'postgres' ? { HOSTILE_RUNS: process.env.HOSTILE_RUNS ?? '50' } : {}),
    },
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // The files of a worker share its modules instead of importing the whole server again for
    // each (about 1.4 s a file): every file builds its own app, database and folders, and no
    // file mocks a module (docs/architecture.md#suite-time).
    isolate: false,
    setupFiles: ['packages/server/src/test/setup.ts'],
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
          ...QUICK_PROJECT_CAPS,
          include: ['packages/contract/src/**/*.test.ts', 'packages/mocks/src/**/*.test.ts'],
        },
      },
      {
        plugins: [react(), contentPlugin()],
        define: { __BUILD_ID__: JSON.stringify('test') },
        test: {
          name: 'unit',
          environment: 'jsdom',
          ...QUICK_PROJECT_CAPS,
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
          // Above PAGE_LOAD (app/src/stories/route-story.tsx): a cap, not a wait.
          testTimeout: 60_000,
          // One page for every story file instead of a fresh one per file (about 1.9 s each:
          // 598 s for the project alone, now 239 s). Each story starts from its own state
          // anyway: its MSW handlers, a fresh query client, the session restarted
          // (docs/architecture.md#suite-time).
          isolate: false,
        },
      },
    ],
  },
});
