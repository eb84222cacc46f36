// What several benchmarks need alike: recordings made once per machine, a signed-up account, a
// throwaway PostgreSQL database, the OpenAI peer as a process of its own, and the timing of the
// requests to it.
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { openPostgres, type Database } from '../src/db/client.ts';

const exec = promisify(execFile);

/** Made once per machine in the temp folder; written aside and renamed. */
export async function cached(name: string, make: (path: string) => Promise<void>): Promise<string> {
  const file = join(tmpdir(), name);
  if (
    await stat(file).then(
      () => true,
      () => false,
    )
  )
    return file;
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  await make(partial);
  await rename(partial, file);
  return file;
}

/** A long recording (pink noise, 16 kbit/s MP3), made once per machine. */
export function longRecording(hours: number): Promise<string> {
  return cached(`protokoll-bench-${hours}h.mp3`, async (path) => {
    await exec('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i'],
      `anoisesrc=color=pink:amplitude=0.2:sample_rate=16000:duration=${hours * 3600}`,
      ...['-ac', '1', '-c:a', 'libmp3lame', '-b:a', '16k', '-f', 'mp3', path],
    ]);
  });
}

/** A new account through the API: its token and id. */
export async function register(base: string): Promise<{ token: string; userId: number }> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Bench',
      last_name: 'Mark',
      email: `bench.${randomBytes(4).toString('hex')}@example.de`,
      password: 'richtig-geheim-1',
      accept_terms: true,
    }),
  });
  if (!res.ok) throw new Error(`register: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, userId: body.user.id };
}

/** One statement on the PostgreSQL server at `url` (create or drop a database). */
export async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A throwaway, migrated database on the PostgreSQL at `serverUrl`; dropped by `dispose`. */
export async function throwawayPostgres(serverUrl: string): Promise<{
  url: string;
  database: Database;
  dispose(): Promise<void>;
}> {
  const name = `protokoll_bench_${randomBytes(4).toString('hex')}`;
  await admin(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    url: url.toString(),
    database,
    async dispose() {
      await database.close();
      await admin(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}

/** Total length of the union of intervals (time at least one request was in flight). */
export function unionMs(intervals: [number, number][]): number {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of sorted) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/** The OpenAI peer as a child process, answering after `latencyMs`; resolves with its URL. */
export async function peerProcess(
  latencyMs: number,
  peerOptions: { summaryListMax?: number } = {},
) {
  const peerModule = new URL('../../../tests/peers/openai.ts', import.meta.url).href;
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { startOpenAiPeer } = await import(${JSON.stringify(peerModule)});
       const peer = await startOpenAiPeer(${JSON.stringify({ latencyMs, ...peerOptions })});
       console.log(peer.url);`,
    ],
    { cwd: fileURLToPath(new URL('..', import.meta.url)), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').once('data', (data: string) => resolve(data.trim()));
    child.once('exit', (code) => reject(new Error(`peer exited with ${code}`)));
  });
  return {
    url,
    close: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/**
 * Times every request of this process to the peer at `peerUrl` that `which` picks (fetch is
 * wrapped); each is pushed to `into` as [start, end] in performance.now() milliseconds. Answers
 * the function that puts fetch back.
 */
export function timeRequests(
  peerUrl: string,
  which: (url: string) => boolean,
  into: [number, number][],
): () => void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(peerUrl) || !which(url)) return realFetch(input, init);
    const from = performance.now();
    try {
      return await realFetch(input, init);
    } finally {
      into.push([from, performance.now()]);
    }
  };
  return () => {
    globalThis.fetch = realFetch;
  };
}
