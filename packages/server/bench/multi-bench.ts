/**
 * Many processes on one PostgreSQL (issue 41). Prints figures; it is not a test and asserts nothing.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:multi
 *   npm run bench:multi -- claim        only the claim latency (or `scaling`; BENCH_PARTS too)
 *   BENCH_JOBS=100 BENCH_CLAIM_WORKERS=2              claim part: jobs, idle worker processes
 *   BENCH_RECORDINGS=20 BENCH_HOURS=1 BENCH_LATENCY_MS=200 BENCH_WORKERS=1,2,4
 *                                                     scaling part (shorter: BENCH_HOURS=0.25)
 *   BENCH_ENGINE_CONCURRENCY=8                        the engine answers 429 above this many
 *                                                     requests at once (default: no limit), and
 *                                                     STT_ENGINES gives the workers that limit
 *
 * Every process is a real OS process started from source (src/main.ts with WORKER=off, and
 * src/worker.ts; test/processes.ts), on a throwaway database of that server, sharing one DATA_DIR
 * with STORAGE=local (one machine; the many-process test covers S3 and separate folders).
 *
 * 1. Claim latency: idle worker processes wait (LISTEN/NOTIFY, polling as the fallback) while the
 *    bench uploads a 3-second recording through the API process, one at a time, each after the
 *    previous note is done. The time from the job's insert to the claim is read from the
 *    database's own clock (a trigger on the throwaway database's jobs table records both).
 *    Target: p95 ≤ 100 ms.
 * 2. Scaling: the OpenAI peer (in this process) answers after BENCH_LATENCY_MS; BENCH_RECORDINGS
 *    recordings of BENCH_HOURS each are queued with no worker running, then 1, 2, 4 worker
 *    processes (WORKER_CONCURRENCY=1, STT_CONCURRENCY=3 each) are started and timed from the
 *    first worker running to the last note done. Side by side in one run, with the speed-up
 *    over one worker and the most engine requests in flight at once.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { startOpenAiPeer } from '../../../tests/peers/openai.ts';
import { rowsOf, type Database } from '../src/db/client.ts';
import { minutesLedger, notes, users } from '../src/db/schema.ts';
import { monthPeriod } from '../src/domain/minutes.ts';
import { testAudio } from '../src/test/notes.ts';
import { startApiProcess, startWorkerProcess, type ServerProcess } from '../src/test/processes.ts';
import { longRecording, register, throwawayPostgres } from './bench-support.ts';

const PARTS = (process.argv[2] ?? process.env.BENCH_PARTS ?? 'claim,scaling').split(',');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const JOBS = Number(process.env.BENCH_JOBS ?? 100);
const CLAIM_WORKERS = Number(process.env.BENCH_CLAIM_WORKERS ?? 2);
const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 20);
const HOURS = Number(process.env.BENCH_HOURS ?? 1);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').map(Number);
const ENGINE_CONCURRENCY = process.env.BENCH_ENGINE_CONCURRENCY
  ? Number(process.env.BENCH_ENGINE_CONCURRENCY)
  : undefined;

const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

if (!SERVER_URL) {
  out('bench:multi needs PostgreSQL: set BENCH_DATABASE_URL (or DATABASE_URL).');
  process.exit(2);
}

/** A Pro account with enough minutes for the run, signed in. */
async function account(base: string, database: Database, minutes: number): Promise<string> {
  const { token, userId } = await register(base);
  await database.db.update(users).set({ planId: 'pro' }).where(eq(users.id, userId));
  await database.db.insert(minutesLedger).values({
    userId,
    kind: 'grant',
    minutes,
    period: monthPeriod(new Date()),
    reason: 'plan:pro',
  });
  return token;
}

async function upload(base: string, token: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('audio_file', new File([new Uint8Array(bytes)], name));
  for (const [field, value] of Object.entries({
    file_name: name,
    language: 'de',
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: String(bytes.length),
  }))
    form.append(field, value);
  const res = await fetch(`${base}/api/note`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const answer = (await res.json()) as { note?: { id: number }; message?: string };
  if (!answer.note) throw new Error(`upload refused: ${res.status} ${answer.message}`);
  return answer.note.id;
}

/** Polls until every note is done or failed (20 ms apart); returns how many failed. */
async function settled(database: Database, ids: number[]): Promise<number> {
  for (;;) {
    const rows = await database.db
      .select({ status: notes.status })
      .from(notes)
      .where(inArray(notes.id, ids));
    if (rows.every((row) => row.status === 'done' || row.status === 'error'))
      return rows.filter((row) => row.status === 'error').length;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function withProcesses<T>(run: (started: ServerProcess[]) => Promise<T>): Promise<T> {
  const started: ServerProcess[] = [];
  try {
    return await run(started);
  } finally {
    await Promise.all(started.map((child) => child.stop()));
  }
}

async function claimPart(): Promise<void> {
  const bench = await throwawayPostgres(SERVER_URL!);
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-multi-'));
  const peer = await startOpenAiPeer({ latencyMs: 0 });
  out(
    `1) Claim latency: ${JOBS} jobs one at a time, ${CLAIM_WORKERS} idle worker processes, PostgreSQL (load average ${loadavg()[0]!.toFixed(1)} at the start)`,
  );
  // The database's clock at the job's insert and at its claim.
  await bench.database.db.execute(
    sql.raw(`
    create table bench_claims (job_id integer, event text, at timestamptz);
    create function bench_claims_log() returns trigger language plpgsql as $$ begin
      if tg_op = 'INSERT' then insert into bench_claims values (new.id, 'enqueued', clock_timestamp());
      elsif old.state = 'queued' and new.state = 'running' then
        insert into bench_claims values (new.id, 'claimed', clock_timestamp());
      end if;
      return new;
    end $$;
    create trigger bench_claims_log after insert or update on jobs
      for each row execute function bench_claims_log();`),
  );
  const env = {
    DATABASE_URL: bench.url,
    DATA_DIR: dataDir,
    STT_BASE_URL: peer.url,
    LOG_LEVEL: 'warn',
  };
  try {
    await withProcesses(async (started) => {
      const api = await startApiProcess(env);
      started.push(api);
      started.push(
        ...(await Promise.all(
          Array.from({ length: CLAIM_WORKERS }, () => startWorkerProcess(env)),
        )),
      );
      const token = await account(api.url, bench.database, JOBS + 10);
      const audio = await testAudio();
      let failed = 0;
      for (let i = 0; i < JOBS; i++) {
        const id = await upload(api.url, token, audio, `claim-${i}.mp3`);
        failed += await settled(bench.database, [id]);
      }
      const rows = rowsOf<{ ms: string | number }>(
        await bench.database.db.execute(sql`
          select extract(epoch from c.at - e.at) * 1000 as ms
          from bench_claims e join bench_claims c on c.job_id = e.job_id and c.event = 'claimed'
          where e.event = 'enqueued'`),
      );
      const latencies = rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
      const p95 = percentile(latencies, 95);
      out(
        `   ${latencies.length} claims: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms (target p95 ≤ 100 ms: ${p95 <= 100 ? 'met' : 'missed'})${failed ? `; ${failed} notes failed` : ''}`,
      );
    });
  } finally {
    await peer.close();
    await bench.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function scalingPart(): Promise<void> {
  const file = await longRecording(HOURS);
  const bytes = await readFile(file);
  const bench = await throwawayPostgres(SERVER_URL!);
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-multi-'));
  const peer = await startOpenAiPeer({ latencyMs: LATENCY_MS, maxConcurrency: ENGINE_CONCURRENCY });
  out(
    `2) Scaling: ${RECORDINGS} recordings of ${HOURS} h queued, engine ${LATENCY_MS} ms per request${ENGINE_CONCURRENCY ? `, at most ${ENGINE_CONCURRENCY} at once` : ''}, PostgreSQL (load average ${loadavg()[0]!.toFixed(1)} at the start)`,
  );
  const env = {
    DATABASE_URL: bench.url,
    DATA_DIR: dataDir,
    STT_BASE_URL: peer.url,
    // The engine's real limit as its operator configures it: counted across the worker
    // processes (engine slots in the database, decision 015).
    ...(ENGINE_CONCURRENCY
      ? {
          STT_ENGINES: JSON.stringify([
            { url: `${peer.url}/v1`, concurrency: ENGINE_CONCURRENCY, tag: 'local' },
          ]),
        }
      : {}),
    STT_CONCURRENCY: '3',
    WORKER_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
  };
  const results: { workers: number; ms: number; peak: number; requests: number; failed: number }[] =
    [];
  try {
    await withProcesses(async (started) => {
      const api = await startApiProcess(env);
      started.push(api);
      for (const count of WORKER_COUNTS) {
        const token = await account(
          api.url,
          bench.database,
          Math.ceil(RECORDINGS * HOURS * 60) + 10,
        );
        const ids: number[] = [];
        for (let i = 0; i < RECORDINGS; i++) {
          ids.push(await upload(api.url, token, bytes, `scaling-${count}-${i}.mp3`));
        }
        peer.reset();
        const workers = Array.from({ length: count }, () => startWorkerProcess(env));
        // From the first worker running: a later one only loses time for the larger counts.
        const from = await Promise.race(workers).then(() => performance.now());
        const running = await Promise.all(workers);
        const failed = await settled(bench.database, ids);
        const ms = performance.now() - from;
        await Promise.all(running.map((worker) => worker.stop()));
        results.push({
          workers: count,
          ms,
          peak: peer.peakConcurrency(),
          requests: peer.requests.filter((r) => r.endpoint === 'transcriptions').length,
          failed,
        });
        out(`   ${count} worker process${count > 1 ? 'es' : ''}: ${seconds(ms)}`);
      }
    });
    const base = results[0]!.ms;
    out('');
    out('   workers | time      | speed-up | engine requests | most in flight | failed');
    for (const r of results) {
      out(
        `   ${String(r.workers).padStart(7)} | ${seconds(r.ms).padStart(9)} | ${(base / r.ms).toFixed(2).padStart(7)}× | ${String(r.requests).padStart(15)} | ${String(r.peak).padStart(14)} | ${r.failed}`,
      );
    }
  } finally {
    await peer.close();
    await bench.dispose();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (PARTS.includes('claim')) await claimPart();
if (PARTS.includes('scaling')) await scalingPart();
