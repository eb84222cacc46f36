#!/usr/bin/env node
// The README's two commands. Each works on a fresh machine with only Node and npm:
//   npm start  — installs, builds the web app and the server, starts API + worker + web app on
//                embedded defaults with plain `node` (docs/deployment.md#production-build)
//   npm test   — installs (system packages too, where it can), then runs the whole test suite
// Besides: `npm run worker` and `npm run admin` run the built server's worker and admin command.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const PNPM = ['--yes', 'pnpm@10.34.9'];

/** Runs a command; answers whether it succeeded. */
function attempt(command, args, env = {}) {
  console.log(`\n› ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** Runs a command the rest cannot do without: a failure ends everything. */
function run(command, args, env = {}) {
  if (!attempt(command, args, env)) {
    console.error(`\n✗ failed: ${[command, ...args].join(' ')}`);
    process.exit(1);
  }
}
const pnpm = (...args) => run('npx', [...PNPM, ...args]);

/*
 * Test stages. One failing stage does not cancel the others: every stage whose inputs exist
 * runs, and the summary names each failure. A stage that needs a failed build is reported as
 * not run.
 */
const outcomes = [];
function stage(name, command, args, { needs = [] } = {}) {
  const missing = needs.filter((need) => outcomes.find((o) => o.name === need)?.ok !== true);
  if (missing.length > 0) {
    outcomes.push({ name, ok: false, note: `not run: needs ${missing.join(', ')}` });
    return;
  }
  const started = Date.now();
  record(name, attempt(command, args), `${Math.round((Date.now() - started) / 1000)} s`);
}
/** Notes a stage's outcome for the summary; a failure is said at once too. */
function record(name, ok, note) {
  outcomes.push({ name, ok, note });
  if (!ok) console.error(`\n✗ stage failed: ${name}`);
}
const pnpmStage = (name, args, options) => stage(name, 'npx', [...PNPM, ...args], options);

/**
 * Stages that need nothing of each other, run side by side: each of typecheck, lint and format
 * keeps one core busy, and a 2-core machine idled a third of their time one after another
 * (docs/architecture.md#suite-time). Each stage's output is printed whole once it ends, so the
 * log reads as if they had run in turn.
 */
async function stagesSideBySide(stages) {
  const results = await Promise.all(
    stages.map(
      ({ name, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn('npx', [...PNPM, ...args], {
            cwd: root,
            env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
          });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) =>
            resolve({ name, args, ok: code === 0, seconds: (Date.now() - started) / 1000, output }),
          );
        }),
    ),
  );
  for (const { name, args, ok, seconds, output } of results) {
    console.log(`\n› npx ${[...PNPM, ...args].join(' ')}`);
    process.stdout.write(Buffer.concat(output));
    record(name, ok, `${Math.round(seconds)} s, side by side`);
  }
}

function install() {
  // CI=true keeps pnpm from asking questions without a terminal and freezes the lockfile.
  run('npx', [...PNPM, 'install', '--frozen-lockfile'], { CI: 'true' });
}

const command = process.argv[2];
if (command === 'start') {
  install();
  pnpm('--filter', '@protokoll/app', 'build');
  pnpm('--filter', '@protokoll/server', 'build');
  run('npx', [...PNPM, '--filter', '@protokoll/server', 'start'], { NODE_ENV: 'production' });
} else if (command === 'worker' || command === 'admin') {
  // Several workers may start at once: they run the build `npm start` (or
  // `npm run build:server`) made, and none of them rebuilds it under the others.
  const built = join(root, 'packages/server/dist', `${command}.js`);
  if (!existsSync(built)) {
    console.error(
      `Der Server ist noch nicht gebaut (${built} fehlt): erst \`npm start\` oder \`npm run build:server\`.`,
    );
    process.exit(1);
  }
  const args = ['--enable-source-maps', built, ...process.argv.slice(3)];
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else if (command === 'test') {
  if (
    !existsSync(process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium') ||
    !existsSync('/usr/bin/ffmpeg') ||
    !existsSync('/usr/bin/espeak-ng') ||
    !existsSync('/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf')
  ) {
    run('bash', ['scripts/install-system-packages.sh']);
  }
  install();
  await stagesSideBySide([
    { name: 'typecheck', args: ['run', 'typecheck'] },
    { name: 'lint', args: ['run', 'lint'] },
    { name: 'import cycles', args: ['run', 'check:cycles'] },
    { name: 'format', args: ['run', 'format:check'] },
    { name: 'app build', args: ['--filter', '@protokoll/app', 'build'] },
    { name: 'server build', args: ['--filter', '@protokoll/server', 'build'] },
    { name: 'storybook build', args: ['run', 'build-storybook'] },
  ]);
  // Every Vitest project but `stories`: the visual stage renders each story once for its play
  // function, axe and screenshot together (docs/architecture.md#suite-time).
  pnpmStage('vitest', ['exec', 'vitest', 'run', '--project', '!stories']);
  stage('bundle budget', 'node', ['scripts/check-bundle-budget.mjs'], { needs: ['app build'] });
  pnpmStage('playwright', ['exec', 'playwright', 'test'], {
    needs: ['app build', 'server build', 'storybook build'],
  });
  console.log('\nStages:');
  for (const { name, ok, note } of outcomes) console.log(`  ${ok ? '✓' : '✗'} ${name} (${note})`);
  const failed = outcomes.filter((o) => !o.ok).length;
  if (failed > 0) {
    console.error(`\n✗ ${failed} of ${outcomes.length} test stages failed`);
    process.exit(1);
  }
  console.log('\n✓ all test stages passed');
} else {
  console.error('usage: node scripts/run.mjs start|test|worker|admin');
  process.exit(2);
}
