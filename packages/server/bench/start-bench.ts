/**
 * Start benchmark (`npm run bench:start`): how long the production server takes from `node` to
 * its first answer, and how much memory it holds once idle, run from its sources through tsx (as
 * `npm start` did before the server was built) and from the build (`dist/main.js`, as it runs
 * now), side by side: the two alternate, each on a copy of one database folder made beforehand
 * (so neither pays PGlite's first initdb). A benchmark, not a test; it prints figures.
 *
 *   npm run bench:start                  5 starts of each
 *   BENCH_STARTS=9 npm run bench:start
 *
 * It builds the server first (`npm run build:server`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
/** How long the server idles before its memory is read. */
const IDLE_MS = 5_000;

const variants = [
  { name: 'tsx src/main.ts', args: ['--import', 'tsx', 'src/main.ts'] },
  { name: 'node dist/main.js', args: ['dist/main.js'] },
] as const;

interface Sample {
  startMs: number;
  idleRssMiB: number;
}

async function rssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kib / 1024;
}

async function startOnce(args: readonly string[], dataDir: string): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-semi-space-size=2', ...args], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      STT_BASE_URL: 'http://127.0.0.1:9/v1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    // The server says its address once it listens; the first answer follows.
    const address = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /läuft auf (\S+)/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
    });
    const res = await fetch(`${address}/api/health`);
    if (!res.ok) throw new Error(`health answered ${res.status}`);
    const startMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { startMs, idleRssMiB: await rssMiB(child.pid!) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
  cwd: serverDir,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(1);

const work = await mkdtemp(join(tmpdir(), 'protokoll-start-bench-'));
try {
  // One database made by a first start; every measured start gets a copy of it.
  const seed = join(work, 'seed');
  await startOnce(variants[1].args, seed);
  const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
  for (let round = 0; round < STARTS; round++) {
    for (const variant of variants) {
      const dataDir = join(work, `${round}-${variant.name.replace(/\W+/g, '-')}`);
      await cp(seed, dataDir, { recursive: true });
      samples.get(variant.name)!.push(await startOnce(variant.args, dataDir));
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  console.log(
    `\nStart to first answer and idle RSS after ${IDLE_MS / 1000} s, median of ${STARTS}:`,
  );
  for (const [name, list] of samples) {
    const start = median(list.map((s) => s.startMs));
    const rss = median(list.map((s) => s.idleRssMiB));
    console.log(
      `  ${name.padEnd(18)} start ${start.toFixed(0).padStart(5)} ms   RSS ${rss.toFixed(1)} MiB`,
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
