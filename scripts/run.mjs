#!/usr/bin/env node
// The README's two commands. Each works on a fresh machine with only Node and npm:
//   npm start  — installs, builds the web app, starts API + worker + web app on embedded defaults
//   npm test   — installs (system packages too, where it can), then runs the whole test suite
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PNPM = ['--yes', 'pnpm@10.34.9'];

function run(command, args, env = {}) {
  console.log(`\n› ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) {
    console.error(`\n✗ failed: ${[command, ...args].join(' ')}`);
    process.exit(result.status ?? 1);
  }
}
const pnpm = (...args) => run('npx', [...PNPM, ...args]);

function install() {
  // CI=true keeps pnpm from asking questions without a terminal and freezes the lockfile.
  run('npx', [...PNPM, 'install', '--frozen-lockfile'], { CI: 'true' });
}

const command = process.argv[2];
if (command === 'start') {
  install();
  pnpm('--filter', '@protokoll/app', 'build');
  run('npx', [...PNPM, '--filter', '@protokoll/server', 'start'], { NODE_ENV: 'production' });
} else if (command === 'test') {
  if (
    !existsSync(process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium') ||
    !existsSync('/usr/bin/ffmpeg') ||
    !existsSync('/usr/bin/espeak-ng')
  ) {
    run('bash', ['scripts/install-system-packages.sh']);
  }
  install();
  pnpm('run', 'typecheck');
  pnpm('run', 'lint');
  pnpm('run', 'format:check');
  pnpm('--filter', '@protokoll/app', 'build');
  pnpm('run', 'build-storybook');
  pnpm('exec', 'vitest', 'run');
  run('node', ['scripts/check-bundle-budget.mjs']);
  pnpm('exec', 'playwright', 'test');
  console.log('\n✓ all test stages passed');
} else {
  console.error('usage: node scripts/run.mjs start|test');
  process.exit(2);
}
