/**
 * Upload and pipeline benchmark (issue 4). Prints figures; it is not a test and asserts nothing.
 *
 *   npm run bench:pipeline                 both parts
 *   npm run bench:pipeline -- upload       only the 1 GiB uploads (or `pipeline`; BENCH_PARTS too)
 *   npm run bench:pipeline -- storage      the 1 GiB upload into the local folder and into S3
 *   BENCH_STORAGE_MIB=64                          a smaller file for that part (to see it runs)
 *   BENCH_HOURS=0.5 BENCH_LATENCY_MS=200          a shorter recording, another engine latency
 *   DATABASE_URL=postgres://…                     the pipeline on PGlite, then on PostgreSQL (a
 *                                                 throwaway database on that server)
 *   BENCH_ENGINES=postgres                        one engine only (pglite, postgres)
 *   BENCH_LLM=1                                   the peer as the language model too (summary
 *                                                 model gpt-4o-mini instead of the extractive one);
 *                                                 the summary stage is then measured on its own:
 *                                                 its time against the language model's
 *   BENCH_LLM_CONTEXT_CHARS=24000                 the language model's context (LLM_CONTEXT_CHARS)
 *
 * 1. Upload: see upload-bench.ts (a 1 GiB WAV and MP3 against dd on the same disk).
 * 2. Pipeline: a 2-hour recording (pink noise, 16 kbit/s MP3, generated once) uploaded to the
 *    server in this process and processed by its in-process worker (PGlite) against the OpenAI
 *    peer, which runs as a process of its own (as a remote engine would) with a fixed latency per
 *    request. Every engine request is timed (fetch is wrapped), so the figures separate engine
 *    time from what the pipeline adds (ffmpeg, cutting, merging, database, summarising): the time
 *    from the claim to the first engine request, the overhead (processing time with no request
 *    in flight) as a share of engine time, and the share of processing time the engine was busy.
 *    Targets: first request ≤ 1 s, overhead ≤ 5 %, busy ≥ 90 %. The process's RSS is printed
 *    before the upload and after the note is done.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.ts';
import { openPglite, type Database } from '../src/db/client.ts';
import { minutesLedger, notes, users } from '../src/db/schema.ts';
import type { WorkerEvent } from '../src/jobs/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { monthPeriod } from '../src/domain/minutes.ts';
import { startServer } from '../src/server.ts';
import {
  longRecording,
  peerProcess,
  register,
  throwawayPostgres,
  timeRequests,
  unionMs,
} from './bench-support.ts';
import { runStorageBench, runUploadBench } from './upload-bench.ts';

const PARTS = (process.argv[2] ?? process.env.BENCH_PARTS ?? 'upload,pipeline').split(',');
const HOURS = Number(process.env.BENCH_HOURS ?? 2);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const LLM = process.env.BENCH_LLM === '1';
const LLM_CONTEXT_CHARS = process.env.BENCH_LLM_CONTEXT_CHARS;
const MB = 1e6;

const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** A multipart body around a file read from disk: fields, the file part, the closing boundary. */
function multipart(path: string, size: number, fields: Record<string, string>) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head =
    Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="audio_file"; filename="${fields.file_name}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n';
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + size + Buffer.byteLength(tail);
  let sent = 0;
  let finished = 0;
  async function* parts() {
    yield Buffer.from(head);
    for await (const chunk of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      sent += (chunk as Buffer).length;
      yield chunk as Buffer;
    }
    yield Buffer.from(tail);
    finished = performance.now();
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    sent: () => sent,
    finishedAt: () => finished,
  };
}

function uploadFields(fileName: string, size: number): Record<string, string> {
  return {
    file_name: fileName,
    language: 'de',
    summary_model: LLM ? 'gpt-4o-mini' : 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: String(size),
  };
}

/** The stretches between `from` and `to` with no request in flight, longest first. */
function idleGaps(intervals: [number, number][], from: number, to: number): [number, number][] {
  const sorted = [...intervals].sort((a, b) => a[0] - b[0]);
  const gaps: [number, number][] = [];
  let end = from;
  for (const [start, stop] of sorted) {
    if (start > end) gaps.push([end, start]);
    end = Math.max(end, stop);
  }
  if (to > end) gaps.push([end, to]);
  return gaps.sort((a, b) => b[1] - b[0] - (a[1] - a[0]));
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

interface BenchDatabase {
  name: string;
  database: Database;
  dispose(): Promise<void>;
}

/** PGlite in the bench's data folder, or a throwaway database on the PostgreSQL at `serverUrl`. */
async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  dataDir: string,
  serverUrl: string | undefined,
): Promise<BenchDatabase> {
  if (kind === 'pglite') {
    const database = await openPglite(join(dataDir, 'pglite'));
    return { name: 'PGlite', database, dispose: () => database.close() };
  }
  const { database, dispose } = await throwawayPostgres(serverUrl!);
  return { name: 'PostgreSQL', database, dispose };
}

async function pipelinePart(kind: 'pglite' | 'postgres'): Promise<void> {
  const file = await longRecording(HOURS);
  const size = (await stat(file)).size;
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
  const peer = await peerProcess(LATENCY_MS);
  const opened = await openBenchDatabase(kind, dataDir, process.env.DATABASE_URL);
  const { database } = opened;
  out(
    `2) ${HOURS}-hour recording against the peer with ${LATENCY_MS} ms latency per request, on ${opened.name}`,
  );
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STT_BASE_URL: peer.url,
    ...(LLM ? { LLM_BASE_URL: peer.url, LLM_MODELS: 'gpt-4o-mini' } : {}),
    ...(LLM && LLM_CONTEXT_CHARS ? { LLM_CONTEXT_CHARS } : {}),
    JWT_SECRET: randomBytes(32).toString('hex'),
  });

  // Every request to the engine, timed from the worker's side; the chat requests also apart.
  const engine: [number, number][] = [];
  const chat: [number, number][] = [];
  const restoreFetch = timeRequests(peer.url, () => true, engine);
  const stopChat = timeRequests(peer.url, (url) => url.includes('/chat/completions'), chat);

  const stages: { at: number; event: WorkerEvent }[] = [];
  let finished: (() => void) | undefined;
  const done = new Promise<void>((resolve) => (finished = resolve));
  const running = await startServer(config, {
    db: database,
    logger: silentLogger,
    worker: {
      onEvent: (event) => {
        stages.push({ at: performance.now(), event });
        if (event.type === 'done' || event.type === 'failed') finished?.();
      },
    },
  });
  try {
    const { token, userId } = await register(running.url);
    // A Pro account with its month's minutes: two hours are over the Free plan's limits.
    await database.db.update(users).set({ planId: 'pro' }).where(eq(users.id, userId));
    await database.db.insert(minutesLedger).values({
      userId,
      kind: 'grant',
      minutes: 1200,
      period: monthPeriod(new Date()),
      reason: 'plan:pro',
    });
    const rssBefore = process.memoryUsage().rss;
    const body = multipart(file, size, uploadFields(`bench-${HOURS}h.mp3`, size));
    const uploadStarted = performance.now();
    const res = await fetch(`${running.url}/api/note`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': body.contentType,
        'Content-Length': String(body.length),
      },
      body: body.body,
      duplex: 'half',
    } as RequestInit);
    const accepted = (await res.json()) as { note?: { id: number }; message?: string };
    const acceptedAt = performance.now();
    if (!accepted.note) throw new Error(`upload refused: ${res.status} ${accepted.message}`);
    await done;
    const doneAt = performance.now();
    const rssAfter = process.memoryUsage().rss;
    const [note] = await database.db.select().from(notes).where(eq(notes.id, accepted.note.id));

    const claimedAt = stages.find((s) => s.event.type === 'claimed')?.at ?? acceptedAt;
    const totalMs = doneAt - claimedAt;
    const engineSum = engine.reduce((sum, [from, to]) => sum + (to - from), 0);
    const engineWall = unionMs(engine);
    const requests = engine.length;
    const firstRequestMs = Math.min(...engine.map(([from]) => from)) - claimedAt;
    const lastAnswerMs = doneAt - Math.max(...engine.map(([, to]) => to));
    const overheadMs = totalMs - engineWall;
    const verdict = (ok: boolean) => (ok ? 'target met' : 'target missed');
    out(
      `   file: ${(size / MB).toFixed(1)} MB MP3, ${(note!.durationSeconds! / 3600).toFixed(2)} h, note ${note!.status}, ${note!.minutesCharged} minutes charged, ${note!.segments.length} passages`,
    );
    out(
      `   upload accepted after ${seconds(acceptedAt - uploadStarted)} (stream, audio check, storage, transaction)`,
    );
    out(`   processing (claim → done): ${seconds(totalMs)}`);
    out(
      `   engine: ${requests} requests, ${seconds(engineSum)} summed, ${seconds(engineWall)} with at least one in flight (STT_CONCURRENCY ${config.stt.concurrency})`,
    );
    out(
      `   → first engine request ${seconds(firstRequestMs)} after the claim (≤ 1 s: ${verdict(firstRequestMs <= 1000)})`,
    );
    out(
      `   → pipeline overhead (no request in flight): ${seconds(overheadMs)} = ${((overheadMs / engineWall) * 100).toFixed(1)} % of engine time (≤ 5 %: ${verdict(overheadMs <= engineWall * 0.05)}); last answer → done ${seconds(lastAnswerMs)}`,
    );
    out(
      `   → engine busy ${((engineWall / totalMs) * 100).toFixed(1)} % of processing time (≥ 90 %: ${verdict(engineWall >= totalMs * 0.9)})`,
    );
    const gaps = idleGaps(engine, claimedAt, doneAt)
      .slice(0, 5)
      .map(([from, to]) => `${seconds(to - from)} at ${seconds(from - claimedAt)}`);
    out(`   longest stretches without a request in flight: ${gaps.join(', ')}`);
    const marks: [string, number][] = [];
    for (const { at, event } of stages) {
      if (event.type !== 'progress') continue;
      const label =
        event.progress === 2
          ? 'prepare'
          : event.progress === 5
            ? 'transcribe'
            : event.progress === 82
              ? 'merge'
              : event.progress === 85
                ? 'speakers'
                : event.progress === 88
                  ? 'clean'
                  : event.progress === 90
                    ? 'summarise'
                    : event.progress === 98
                      ? 'store'
                      : undefined;
      if (label && !marks.some(([name]) => name === label)) marks.push([label, at]);
    }
    marks.push(['done', doneAt]);
    const steps = marks
      .slice(0, -1)
      .map(([name, at], i) => `${name} ${seconds(marks[i + 1]![1] - at)}`)
      .join(' · ');
    out(`   stages: ${steps}`);
    const summariseAt = marks.find(([name]) => name === 'summarise')?.[1];
    if (LLM && summariseAt !== undefined) {
      // From the summarise stage's start to the note's end (the store stage included).
      const summaryMs = doneAt - summariseAt;
      const chatWall = unionMs(chat);
      const summaryOverhead = summaryMs - chatWall;
      out(
        `   summary (summarise → done): ${seconds(summaryMs)}; language model: ${chat.length} requests, ${seconds(chatWall)} with one in flight → overhead ${seconds(summaryOverhead)} = ${((summaryOverhead / chatWall) * 100).toFixed(1)} % of the language model's time (≤ 5 %: ${verdict(summaryOverhead <= chatWall * 0.05)})`,
      );
      // Where that overhead is: before the first request (stage start, prompts), between the
      // requests (reading answers, the next prompt), after the last (checkpoint, store stage).
      const firstChat = Math.min(...chat.map(([from]) => from));
      const lastChat = Math.max(...chat.map(([, to]) => to));
      const between = lastChat - firstChat - chatWall;
      out(
        `   summary overhead: ${seconds(firstChat - summariseAt)} before the first request, ${seconds(between)} between requests, ${seconds(doneAt - lastChat)} after the last (checkpoint and store stage)`,
      );
    }
    out(
      `   process RSS (server and worker in this process, and PGlite when it is the database): ${mib(rssBefore)} before the upload, ${mib(rssAfter)} after the note is done`,
    );
  } finally {
    stopChat();
    restoreFetch();
    await running.close();
    await opened.dispose();
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

out(`Pipeline benchmark (${new Date().toISOString()})`);
if (PARTS.includes('upload')) await runUploadBench(out);
if (PARTS.includes('storage')) await runStorageBench(out);
if (PARTS.includes('pipeline')) {
  const only = process.env.BENCH_ENGINES?.split(',').map((name) => name.trim());
  if (!only || only.includes('pglite')) await pipelinePart('pglite');
  if (process.env.DATABASE_URL && (!only || only.includes('postgres'))) {
    await pipelinePart('postgres');
  } else if (!process.env.DATABASE_URL) {
    out('DATABASE_URL is not set: the pipeline on PostgreSQL is skipped.');
  }
}
