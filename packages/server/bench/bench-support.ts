// What several benchmarks need alike: recordings made once per machine, a signed-up account, and
// a throwaway PostgreSQL database.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
