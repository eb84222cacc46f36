/**
 * Upload and pipeline benchmark (issue 4). Prints figures; it is not a test and asserts nothing.
 *
 *   npm run bench:pipeline                 both parts
 *   BENCH_PARTS=upload npm run bench:pipeline     only the 1 GiB upload (or `pipeline`)
 *   BENCH_HOURS=0.5 BENCH_LATENCY_MS=200          a shorter recording, another engine latency
 *
 * 1. Upload: a 1 GiB WAV (a valid header and 9.3 hours of 16 kHz mono silence, generated once
 *    into the temp folder) streamed over loopback to the real server started as its own process
 *    (`node --import tsx src/main.ts`, WORKER=off). The server streams it to disk, checks it
 *    (ffprobe reads the whole file) and refuses it as longer than the Free plan allows per file:
 *    that refusal comes after the complete upload, storage and audio check, so it measures the
 *    whole receiving path without needing 560 free minutes. Compared with `dd … conv=fsync` of
 *    1 GiB to the same disk; the server's RSS is sampled from /proc every 20 ms.
 * 2. Pipeline: a 2-hour recording (pink noise, 16 kbit/s MP3, generated once) uploaded to the
 *    server in this process and processed by its in-process worker against the OpenAI peer with
 *    a fixed latency per request. Every engine request is timed (fetch is wrapped), so the
 *    figures separate engine time from what the pipeline adds (ffmpeg, cutting, merging,
 *    database, summarising).
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { startOpenAiPeer } from '../../../tests/peers/openai.ts';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { minutesLedger, notes, users } from '../src/db/schema.ts';
import type { WorkerEvent } from '../src/jobs/index.ts';
import { silentLogger } from '../src/lib/logger.ts';
import { monthPeriod } from '../src/lib/minutes.ts';
import { startServer } from '../src/server.ts';

const exec = promisify(execFile);
const PARTS = (process.env.BENCH_PARTS ?? 'upload,pipeline').split(',');
const HOURS = Number(process.env.BENCH_HOURS ?? 2);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 200);
const GiB = 1024 ** 3;
const MB = 1e6;
const serverDir = new URL('..', import.meta.url).pathname;

const out = (line = '') => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Made once per machine in the temp folder; written aside and renamed. */
async function cached(name: string, make: (path: string) => Promise<void>): Promise<string> {
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

/** A RIFF/WAVE header for `dataBytes` of 16-bit mono PCM at `rate`. */
function wavHeader(dataBytes: number, rate = 16_000): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

function gibWav(): Promise<string> {
  return cached('protokoll-bench-1gib.wav', async (path) => {
    const dataBytes = GiB - 44;
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    async function* bytes() {
      yield wavHeader(dataBytes);
      for (let left = dataBytes; left > 0; left -= chunk.length) {
        yield left >= chunk.length ? chunk : chunk.subarray(0, left);
      }
    }
    await pipeline(Readable.from(bytes()), createWriteStream(path));
  });
}

function longRecording(hours: number): Promise<string> {
  return cached(`protokoll-bench-${hours}h.mp3`, async (path) => {
    await exec('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `anoisesrc=color=pink:amplitude=0.2:sample_rate=16000:duration=${hours * 3600}`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '16k',
      '-f',
      'mp3',
      path,
    ]);
  });
}

async function register(base: string): Promise<{ token: string; userId: number }> {
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
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: String(size),
  };
}

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

async function ddThroughput(dir: string): Promise<{ seconds: number; text: string }> {
  const target = join(dir, 'dd.bin');
  try {
    const { stderr } = await exec('dd', [
      'if=/dev/zero',
      `of=${target}`,
      'bs=1M',
      'count=1024',
      'conv=fsync',
    ]);
    const line = stderr.trim().split('\n').at(-1) ?? '';
    const secondsTaken = Number(/,\s*([\d.]+) s,/.exec(line)?.[1] ?? NaN);
    return { seconds: secondsTaken, text: line };
  } finally {
    await rm(target, { force: true });
  }
}

/** A process that reads request bodies and throws them away: what loopback and this client reach. */
const SINK = `
const server = require('node:http').createServer((req, res) => {
  let bytes = 0;
  req.on('data', (chunk) => (bytes += chunk.length));
  req.on('end', () => res.end(String(bytes)));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** The same upload, from the same client, to a process that discards the body. */
async function sinkBaseline(file: string, size: number): Promise<number> {
  const sink = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve) =>
      sink.stdout.setEncoding('utf8').once('data', (data: string) => resolve(data.trim())),
    );
    const body = multipart(file, size, uploadFields('sink.wav', size));
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'Content-Type': body.contentType, 'Content-Length': String(body.length) },
      body: body.body,
      duplex: 'half',
    } as RequestInit);
    await res.text();
    return performance.now() - started;
  } finally {
    sink.kill('SIGTERM');
  }
}

async function uploadPart(): Promise<void> {
  out('1) 1 GiB upload over loopback');
  const file = await gibWav();
  const size = (await stat(file)).size;
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
  const peer = await startOpenAiPeer();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SERVE_APP: 'false',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WORKER: 'off',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(32).toString('hex'),
      STT_BASE_URL: peer.url,
      MAX_UPLOAD_BYTES: '1G',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (data: string) => {
        text += data;
        const url = /läuft auf (http:\/\/\S+)/.exec(text)?.[1];
        if (url) resolve(url);
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const { token } = await register(base);
    const rssBefore = await rssKiB(child.pid!);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssKiB(child.pid!).then(
        (kib) => (rssPeak = Math.max(rssPeak, kib)),
        () => {},
      );
    }, 20);

    const body = multipart(file, size, uploadFields('bench-1gib.wav', size));
    const started = performance.now();
    const res = await fetch(`${base}/api/note`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': body.contentType,
        'Content-Length': String(body.length),
      },
      body: body.body,
      duplex: 'half',
    } as RequestInit);
    const answer = (await res.json()) as { code?: string; message?: string };
    const answered = performance.now();
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, await rssKiB(child.pid!));

    const sendMs = body.finishedAt() - started;
    const totalMs = answered - started;
    const dd = await ddThroughput(dataDir);
    const sinkMs = await sinkBaseline(file, size);
    out(
      `   file: ${(size / GiB).toFixed(2)} GiB WAV (16 kHz mono silence), answer ${res.status} ${answer.code ?? ''}`,
    );
    out(`   server message: ${answer.message ?? ''}`);
    out(
      `   body sent in ${seconds(sendMs)}: ${(size / MB / (sendMs / 1000)).toFixed(0)} MB/s (streamed to disk while sending)`,
    );
    out(
      `   answered after ${seconds(totalMs)}: ${(size / MB / (totalMs / 1000)).toFixed(0)} MB/s end to end (incl. the audio check reading the file)`,
    );
    out(`   dd 1 GiB, conv=fsync, same disk: ${dd.text}`);
    out(
      `   the same client to a process discarding the body: ${seconds(sinkMs)}, ${(size / MB / (sinkMs / 1000)).toFixed(0)} MB/s`,
    );
    out(
      `   → upload end to end at ${((dd.seconds / (totalMs / 1000)) * 100).toFixed(0)} % of dd's throughput`,
    );
    out(
      `   server RSS: ${(rssBefore / 1024).toFixed(0)} MiB before, ${(rssPeak / 1024).toFixed(0)} MiB peak → growth ${((rssPeak - rssBefore) / 1024).toFixed(1)} MiB`,
    );
    const left = await exec('du', ['-sb', dataDir]);
    out(
      `   DATA_DIR afterwards: ${(Number(left.stdout.split('\t')[0]) / MB).toFixed(1)} MB (the database; the upload is gone)`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Total length of the union of intervals (time at least one request was in flight). */
function unionMs(intervals: [number, number][]): number {
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

async function pipelinePart(): Promise<void> {
  out(`2) ${HOURS}-hour recording against the peer with ${LATENCY_MS} ms latency per request`);
  const file = await longRecording(HOURS);
  const size = (await stat(file)).size;
  const dataDir = await mkdtemp(join(tmpdir(), 'protokoll-bench-'));
  const peer = await startOpenAiPeer({ latencyMs: LATENCY_MS });
  const database = await openPglite(join(dataDir, 'pglite'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STT_BASE_URL: peer.url,
    JWT_SECRET: randomBytes(32).toString('hex'),
  });

  // Every request to the engine, timed from the worker's side.
  const engine: [number, number][] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(peer.url)) return realFetch(input, init);
    const from = performance.now();
    try {
      return await realFetch(input, init);
    } finally {
      engine.push([from, performance.now()]);
    }
  };

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
    const [note] = await database.db.select().from(notes).where(eq(notes.id, accepted.note.id));

    const claimedAt = stages.find((s) => s.event.type === 'claimed')?.at ?? acceptedAt;
    const totalMs = doneAt - claimedAt;
    const engineSum = engine.reduce((sum, [from, to]) => sum + (to - from), 0);
    const engineWall = unionMs(engine);
    const requests = engine.length;
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
      `   → pipeline overhead beyond engine time: ${seconds(totalMs - engineWall)} (${(((totalMs - engineWall) / totalMs) * 100).toFixed(0)} % of processing)`,
    );
    const progress = stages.filter((s) => s.event.type === 'progress');
    const marks: [string, number][] = [];
    for (const { at, event } of progress) {
      if (event.type !== 'progress') continue;
      const label =
        event.progress === 2
          ? 'prepare'
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
      if (label) marks.push([label, at]);
      if (event.progress === 5 && !marks.some(([name]) => name === 'transcribe'))
        marks.push(['transcribe', at]);
    }
    marks.push(['done', doneAt]);
    const steps = marks
      .slice(0, -1)
      .map(([name, at], i) => `${name} ${seconds(marks[i + 1]![1] - at)}`)
      .join(' · ');
    out(`   stages: ${steps}`);
  } finally {
    globalThis.fetch = realFetch;
    await running.close();
    await database.close();
    await peer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

out(`Pipeline benchmark (${new Date().toISOString()})`);
if (PARTS.includes('upload')) await uploadPart();
if (PARTS.includes('pipeline')) await pipelinePart();
