import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_QUEUE_WAITS } from './packages/server/src/test/queue-waits.ts';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

const APP_PORT = Number(process.env.E2E_PORT ?? 4310);
const STORYBOOK_PORT = Number(process.env.STORYBOOK_PORT ?? 4311);
// The speech-to-text engine of the e2e server: the local OpenAI peer, steered by the tests.
const OPENAI_PEER_PORT = Number(process.env.E2E_OPENAI_PORT ?? APP_PORT + 2);
process.env.E2E_OPENAI_URL = `http://127.0.0.1:${OPENAI_PEER_PORT}`;
// Stripe for the e2e server: the local Stripe peer, with its hosted checkout and portal pages.
const STRIPE_PEER_PORT = Number(process.env.E2E_STRIPE_PORT ?? APP_PORT + 3);
process.env.E2E_STRIPE_URL = `http://127.0.0.1:${STRIPE_PEER_PORT}`;
const STRIPE_WEBHOOK_SECRET = 'whsec_protokoll_e2e';
// Mail of the e2e server: over SMTP to the local SMTP peer, whose mails the tests read over HTTP.
const SMTP_PEER_PORT = Number(process.env.E2E_SMTP_PORT ?? APP_PORT + 4);
const SMTP_PEER_HTTP_PORT = SMTP_PEER_PORT + 1;
process.env.E2E_SMTP_MAILS_URL = `http://127.0.0.1:${SMTP_PEER_HTTP_PORT}/mails`;
// Every run starts on an empty embedded database.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'protokoll-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

const use = {
  launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  locale: 'de-DE',
  timezoneId: 'Europe/Berlin',
};

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: [['list']],
  snapshotPathTemplate: '{testDir}/visual/__screenshots__/{arg}{ext}',
  expect: {
    // A cap, not a wait: beside two other suites (load average about 36) screens took longer
    // than the default 5 s to reach their state (docs/architecture.md#suite-time).
    timeout: 15_000,
    // A changed pixel fails.
    toHaveScreenshot: {
      maxDiffPixels: 0,
      threshold: 0,
      animations: 'disabled',
      caret: 'hide',
      stylePath: join(import.meta.dirname, 'tests/visual/screenshot.css'),
    },
  },
  projects: [
    {
      name: 'e2e',
      testMatch: 'e2e/**/*.spec.ts',
      // A cap, not a wait: beside two other suites the longer journeys (an account's whole life
      // cycle: 22-32 s) passed Playwright's default 30 s (docs/architecture.md#suite-time).
      timeout: 60_000,
      use: { ...use, baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    {
      name: 'visual',
      testMatch: 'visual/**/*.spec.ts',
      // A cap, not a wait: the stories that wait out a Retry-After take about 10 s alone and
      // passed 30 s on a loaded machine.
      timeout: 60_000,
      // Its one file holds every story: without this, one worker took them all in turn (8.5 of
      // the stage's 12.5 minutes) while the other ran out of end-to-end tests and idled.
      fullyParallel: true,
      use: { ...use, baseURL: `http://127.0.0.1:${STORYBOOK_PORT}` },
    },
  ],
  webServer: [
    {
      // The built server (`npm run build:server`, as `npm start` runs it) with the built app, on
      // embedded PGlite in a fresh folder.
      command: 'node --enable-source-maps packages/server/dist/main.js',
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      env: {
        NODE_ENV: 'production',
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        STT_BASE_URL: `http://127.0.0.1:${OPENAI_PEER_PORT}/v1`,
        // A failing engine fails within seconds, not after the production backoff of minutes.
        JOB_MAX_ATTEMPTS: '2',
        JOB_RETRY_BACKOFF_MS: '500',
        // Every spec signs up its own people from the one test address.
        RATE_LIMIT_REGISTER: '100/1h',
        // Every sign-in comes from 127.0.0.1.
        RATE_LIMIT_LOGIN_IP: '1000/15m',
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PEER_PORT}`,
        STRIPE_SECRET_KEY: 'sk_test_e2e',
        STRIPE_WEBHOOK_SECRET,
        STRIPE_API_BASE: `http://127.0.0.1:${STRIPE_PEER_PORT}`,
        // Stripe sends the browser back here after paying or cancelling.
        PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
        // Tests check behaviour, not capacity (docs/architecture.md#suite-time).
        ...TEST_QUEUE_WAITS,
      },
      reuseExistingServer: false,
      timeout: 180_000,
    },
    {
      command: `npx tsx tests/peers/openai-server.ts ${OPENAI_PEER_PORT}`,
      url: `http://127.0.0.1:${OPENAI_PEER_PORT}/health`,
      reuseExistingServer: false,
      // A cap, not a wait: `npx tsx` took over 30 s to answer on a machine under load 20.
      timeout: 120_000,
    },
    {
      command: `npx tsx tests/peers/smtp-server.ts ${SMTP_PEER_PORT} ${SMTP_PEER_HTTP_PORT}`,
      url: `http://127.0.0.1:${SMTP_PEER_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `npx tsx tests/peers/stripe-server.ts ${STRIPE_PEER_PORT}`,
      url: `http://127.0.0.1:${STRIPE_PEER_PORT}/health`,
      env: {
        STRIPE_WEBHOOK_SECRET,
        STRIPE_PEER_WEBHOOK_URL: `http://127.0.0.1:${APP_PORT}/api/stripe/webhook`,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      command: `node tests/visual/serve-static.mjs storybook-static ${STORYBOOK_PORT}`,
      url: `http://127.0.0.1:${STORYBOOK_PORT}/index.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
