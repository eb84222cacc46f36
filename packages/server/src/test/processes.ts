// The server's own entry points as separate OS processes (src/main.ts, src/worker.ts through tsx,
// as `npm run dev` and `npm run worker` run them from source), for the tests and benchmarks of
// several API processes and workers on one PostgreSQL (docs/deployment.md#several-machines).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_JWT_SECRET } from './app.ts';
import { TEST_QUEUE_WAITS } from './queue-waits.ts';

const entries = {
  api: fileURLToPath(new URL('../main.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../worker.ts', import.meta.url)),
};

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the first match of `pattern` in its output (rejects when it ends without). */
  match(pattern: RegExp): Promise<RegExpExecArray>;
  /** `kill -9`: no clean-up, no lease renewal, as a machine that died. */
  kill(): Promise<void>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * The variables every test process gets: the tests' JWT key, generous rate limits (every request
 * comes from 127.0.0.1) and the suite's queue waits (test/queue-waits.ts).
 */
export const PROCESS_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  JWT_SECRET: TEST_JWT_SECRET,
  LOG_LEVEL: 'info',
  HOST: '127.0.0.1',
  RATE_LIMIT_LOGIN: '10000/1m',
  RATE_LIMIT_LOGIN_IP: '10000/1m',
  RATE_LIMIT_REGISTER: '10000/1m',
  ...TEST_QUEUE_WAITS,
};

/** Starts `main.ts` (an API process) or `worker.ts` with the given variables on top of ours. */
export function startProcess(kind: 'api' | 'worker', env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entries[kind]], {
    env: { ...process.env, ...PROCESS_TEST_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waits: { pattern: RegExp; resolve: (match: RegExpExecArray) => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    for (const wait of [...waits]) {
      const found = wait.pattern.exec(output);
      if (found) {
        waits.splice(waits.indexOf(wait), 1);
        wait.resolve(found);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const ended = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    exited,
    output: () => output,
    match(pattern) {
      const found = pattern.exec(output);
      if (found) return Promise.resolve(found);
      return Promise.race([
        new Promise<RegExpExecArray>((resolve) => waits.push({ pattern, resolve })),
        exited.then((code) => {
          throw new Error(`${kind} exited (${code}) without ${String(pattern)}:\n${output}`);
        }),
      ]);
    },
    async kill() {
      if (!ended()) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!ended()) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** An API process (WORKER=off unless `env` says otherwise) on a free port; resolves with its URL. */
export async function startApiProcess(
  env: Record<string, string>,
): Promise<ServerProcess & { url: string }> {
  const api = startProcess('api', { WORKER: 'off', PORT: '0', ...env });
  const [, url] = await api.match(/Protokoll läuft auf (http:\/\/\S+)/);
  return { ...api, url: url! };
}

/** A worker process; resolves once it runs, with its id (`jobs.locked_by`) and metrics URL. */
export async function startWorkerProcess(
  env: Record<string, string>,
): Promise<ServerProcess & { id: string; metricsUrl: string | undefined }> {
  const worker = startProcess('worker', env);
  const [, id, metricsUrl] = await worker.match(
    /Protokoll-Worker (\S+) läuft \([^)]*\)(?:, Metriken auf (\S+)\/metrics)?\n/,
  );
  return { ...worker, id: id!, metricsUrl };
}
