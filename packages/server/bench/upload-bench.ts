/**
 * The upload half of `npm run bench:pipeline` (alone: `npm run bench:pipeline -- upload`).
 * Prints figures; asserts nothing.
 *
 * A 1 GiB WAV (48 kHz stereo PCM) and a 1 GiB MP3 (320 kbit/s with an Info header), made with
 * ffmpeg into a temp folder at bench time, are each streamed as a multipart `POST /api/note` over
 * loopback to the real server, started as its own process (upload-server.ts, worker off), by a
 * user with a Pro plan and enough minutes: the answer is the 200 of an accepted recording, so the
 * figure covers the whole path (receiving, content and length checks, storing, the transaction).
 * Each is compared with `dd … conv=fsync` of 1 GiB to the same disk, measured right before it;
 * the server's RSS is sampled from /proc every 20 ms. A process that reads the same body and
 * throws it away shows what this client and loopback reach at all.
 *
 * Then the same WAV by the resumable upload (tus, `/api/uploads`): created, then one PATCH of the
 * whole file by curl (streamed from disk), to the note id in `Upload-Note-Id`: throughput and RSS
 * beside the multipart figures. And once more with the connection cut at 60 % of the bytes the
 * client wrote: HEAD tells the offset the server kept, the rest follows from there; the bytes
 * sent twice (written before the cut but not kept) are the cost of resuming.
 */
import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { request } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import { startOpenAiPeer } from '../../../tests/peers/openai.ts';
import { startTestS3 } from '../src/test/s3.ts';
import { register } from './bench-support.ts';

const exec = promisify(execFile);
const GiB = 1024 ** 3;
const MB = 1e6;
const serverDir = new URL('..', import.meta.url).pathname;

type ServerProcess = ChildProcessByStdio<Writable, Readable, null>;

type Out = (line?: string) => void;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const rate = (bytes: number, ms: number) => bytes / MB / (ms / 1000);

async function ffmpeg(args: string[]): Promise<void> {
  await exec('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...args]);
}

/** 1 GiB (or `bytes`) of 48 kHz stereo 16-bit PCM (silence) in a plain WAV. */
async function makeWav(path: string, bytes = GiB): Promise<void> {
  const samples = Math.floor((bytes - 44) / 4);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=48000:cl=stereo',
    '-af',
    `atrim=end_sample=${samples}`,
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
}

/** 1 GiB of 320 kbit/s MP3: ten minutes of pink noise, repeated by stream copy (fast). */
async function makeMp3(dir: string, path: string): Promise<void> {
  const piece = join(dir, 'piece.mp3');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'anoisesrc=color=pink:amplitude=0.2:sample_rate=44100:duration=600',
    '-ac',
    '2',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '320k',
    piece,
  ]);
  await ffmpeg(['-stream_loop', '-1', '-i', piece, '-c', 'copy', '-fs', String(GiB), path]);
  await rm(piece, { force: true });
}

/**
 * The upload as curl sends it (`-F`: multipart with a Content-Length, the file streamed from
 * disk): a lean client, so the figure is the server's, not a JavaScript client's.
 */
async function curlUpload(
  url: string,
  path: string,
  token?: string,
): Promise<{ status: number; ms: number; body: string }> {
  const fileName = basename(path);
  const fields: Record<string, string> = {
    file_name: fileName,
    language: 'de',
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
    size: String((await stat(path)).size),
  };
  const answer = `${path}.answer`;
  const args = ['-sS', '-o', answer, '-w', '%{http_code} %{time_total}', '-H', 'Expect:'];
  if (token) args.push('-H', `Authorization: Bearer ${token}`);
  for (const [name, value] of Object.entries(fields)) args.push('-F', `${name}=${value}`);
  args.push('-F', `audio_file=@${path};type=application/octet-stream;filename=${fileName}`, url);
  const { stdout } = await exec('curl', args);
  const [status, total] = stdout.trim().split(' ');
  const body = await readFile(answer, 'utf8');
  await rm(answer, { force: true });
  return { status: Number(status), ms: Number(total) * 1000, body };
}

/**
 * The same file as a resumable (tus) upload: the creation, then one PATCH with the whole file
 * streamed by curl (`-T`), as the browser sends it. The time is both requests'.
 */
async function curlResumable(
  base: string,
  path: string,
  token: string,
): Promise<{ status: number; ms: number; noteId: string }> {
  const size = (await stat(path)).size;
  const fields: Record<string, string> = {
    file_name: basename(path),
    language: 'de',
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
  };
  const metadata = Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const headers = ['-H', `Authorization: Bearer ${token}`, '-H', 'Tus-Resumable: 1.0.0'];
  const created = await exec('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-D',
    '-',
    '-w',
    '%{time_total}',
    '-X',
    'POST',
    ...headers,
    '-H',
    `Upload-Length: ${size}`,
    '-H',
    `Upload-Metadata: ${metadata}`,
    `${base}/api/uploads`,
  ]);
  const location = /^location:\s*(\S+)/im.exec(created.stdout)?.[1];
  if (!location) throw new Error(`no upload created: ${created.stdout}`);
  const createdMs = Number(created.stdout.trim().split('\n').pop()) * 1000;
  const sent = await exec('curl', [
    '-sS',
    '-o',
    '/dev/null',
    '-D',
    '-',
    '-w',
    '%{http_code} %{time_total}',
    '-X',
    'PATCH',
    ...headers,
    '-H',
    'Expect:',
    '-H',
    'Upload-Offset: 0',
    '-H',
    'Content-Type: application/offset+octet-stream',
    '-T',
    path,
    `${base}${location}`,
  ]);
  const [status, total] = sent.stdout.trim().split('\n').pop()!.split(' ');
  const noteId = /^upload-note-id:\s*(\d+)/im.exec(sent.stdout)?.[1] ?? '';
  return { status: Number(status), ms: createdMs + Number(total) * 1000, noteId };
}

async function rssKiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** `dd` of 1 GiB with fsync into `dir`: the disk's own write speed, in MB/s. */
async function ddMBs(dir: string): Promise<number> {
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
    return GiB / MB / Number(/,\s*([\d.]+) s,/.exec(line)?.[1] ?? NaN);
  } finally {
    await rm(target, { force: true });
  }
}

/** A process that reads request bodies and throws them away. */
const SINK = `
const server = require('node:http').createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('ok'));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function sinkMs(file: string): Promise<number> {
  const sink = spawn(process.execPath, ['-e', SINK], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<string>((resolve) =>
      sink.stdout.setEncoding('utf8').once('data', (data: string) => resolve(data.trim())),
    );
    return (await curlUpload(`http://127.0.0.1:${port}/`, file)).ms;
  } finally {
    sink.kill('SIGTERM');
  }
}

/** Lines of the child's stdout, one at a time. */
function lines(child: ServerProcess) {
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (data: string) => {
    rest += data;
    for (let at = rest.indexOf('\n'); at >= 0; at = rest.indexOf('\n')) {
      const line = rest.slice(0, at);
      rest = rest.slice(at + 1);
      const next = waiting.shift();
      if (next) next(line);
      else queue.push(line);
    }
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const line = queue.shift();
      if (line !== undefined) return resolve(line);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
}

const TUS = { 'Tus-Resumable': '1.0.0' };

/** `POST /api/uploads` for `path` with the fields of the multipart upload: the upload's URL. */
async function createTus(base: string, path: string, token: string): Promise<string> {
  const size = (await stat(path)).size;
  const fields: Record<string, string> = {
    file_name: basename(path),
    language: 'de',
    summary_model: 'extractive',
    summary_language: 'de',
    design: 'classic',
    structure: 'minutes',
    transcribe: 'true',
    transcript_type: 'verbatim',
  };
  const res = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      Authorization: `Bearer ${token}`,
      'Upload-Length': String(size),
      'Upload-Metadata': Object.entries(fields)
        .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
        .join(','),
    },
  });
  if (res.status !== 201) throw new Error(`tus create: ${res.status} ${await res.text()}`);
  return `${base}${res.headers.get('Location')}`;
}

/** The rest of the file from `offset` as one PATCH by curl: status, time, note id. */
async function curlPatch(url: string, path: string, offset: number, token: string) {
  const args = ['-sS', '-o', '/dev/null', '-D', '-', '-w', '%{http_code} %{time_total}'];
  args.push('-X', 'PATCH', '-H', 'Expect:', '-H', 'Tus-Resumable: 1.0.0');
  args.push('-H', `Authorization: Bearer ${token}`, '-H', `Upload-Offset: ${offset}`);
  args.push('-H', 'Content-Type: application/offset+octet-stream');
  if (offset === 0) args.push('-T', path);
  else args.push('-T', '-');
  const child =
    offset === 0
      ? exec('curl', [...args, url], { maxBuffer: 1024 ** 2 })
      : new Promise<{ stdout: string }>((resolve, reject) => {
          const curl = spawn('curl', [...args, url], { stdio: ['pipe', 'pipe', 'inherit'] });
          let stdout = '';
          curl.stdout.setEncoding('utf8').on('data', (data: string) => (stdout += data));
          curl.on('exit', (code) =>
            code === 0 ? resolve({ stdout }) : reject(new Error(`curl ${code}`)),
          );
          createReadStream(path, { start: offset }).pipe(curl.stdin);
        });
  const { stdout } = await child;
  const last = stdout.trim().split('\n').at(-1) ?? '';
  const [status, total] = last.split(' ');
  const noteId = /upload-note-id:\s*(\d+)/i.exec(stdout)?.[1];
  return { status: Number(status), ms: Number(total) * 1000, noteId };
}

/**
 * Writes the file as a PATCH until `cutAt` bytes went into the socket, then drops the
 * connection: what the client sent before the network failed.
 */
async function patchAndCut(
  url: string,
  path: string,
  cutAt: number,
  token: string,
): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, {
      method: 'PATCH',
      headers: {
        ...TUS,
        Authorization: `Bearer ${token}`,
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
    });
    req.on('error', () => undefined);
    let written = 0;
    const file = createReadStream(path, { end: cutAt - 1, highWaterMark: 1024 ** 2 });
    file.on('data', (chunk) => {
      written += chunk.length;
      if (!req.write(chunk)) {
        file.pause();
        req.once('drain', () => file.resume());
      }
    });
    file.on('end', () => {
      req.destroy();
      resolve(written);
    });
  });
}

async function tusOffset(url: string, token: string): Promise<number> {
  for (;;) {
    const res = await fetch(url, {
      method: 'HEAD',
      headers: { ...TUS, Authorization: `Bearer ${token}` },
    });
    // The server may still hold the cut request's lock for a moment.
    if (res.status === 200) return Number(res.headers.get('Upload-Offset'));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface Sample {
  label: string;
  path: string;
}

export async function runUploadBench(out: Out): Promise<void> {
  out('1) 1 GiB multipart upload over loopback (WAV and MP3), against dd on the same disk');
  const work = await mkdtemp(join(tmpdir(), 'protokoll-upload-bench-'));
  const dataDir = join(work, 'data');
  const filesDir = join(work, 'files');
  await mkdir(filesDir, { recursive: true });
  const peer = await startOpenAiPeer();
  let child: ServerProcess | undefined;
  try {
    const made = performance.now();
    const samples: Sample[] = [
      { label: 'WAV (48 kHz stereo PCM)', path: join(filesDir, 'bench-1gib.wav') },
      { label: 'MP3 (320 kbit/s, Info header)', path: join(filesDir, 'bench-1gib.mp3') },
    ];
    await makeWav(samples[0]!.path);
    await makeMp3(filesDir, samples[1]!.path);
    out(`   files made with ffmpeg in ${seconds(performance.now() - made)}`);

    child = spawn(process.execPath, ['--import', 'tsx', 'bench/upload-server.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVE_APP: 'false',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
        LOG_LEVEL: 'warn',
        JWT_SECRET: randomBytes(32).toString('hex'),
        STT_BASE_URL: peer.url,
        MAX_UPLOAD_BYTES: '2G',
      },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const server = child;
    const next = lines(server);
    const { url: base } = JSON.parse(await next()) as { url: string };
    const { token, userId } = await register(base);
    server.stdin.write(`grant ${userId} 5000\n`);
    await next();
    const pid = server.pid!;

    const first = samples[0]!;
    const firstSize = (await stat(first.path)).size;
    const sink = await sinkMs(first.path);
    out(
      `   this client to a process that discards the body: ${seconds(sink)}, ${rate(firstSize, sink).toFixed(0)} MB/s (the ceiling of this client and loopback)`,
    );

    for (const sample of samples) {
      const size = (await stat(sample.path)).size;
      const dd = await ddMBs(dataDir);
      const rssBefore = await rssKiB(pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssKiB(pid).then(
          (kib) => (rssPeak = Math.max(rssPeak, kib)),
          () => {},
        );
      }, 20);
      const res = await curlUpload(`${base}/api/note`, sample.path, token);
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, await rssKiB(pid));
      const answer = JSON.parse(res.body) as {
        message?: string;
        note?: { duration_seconds: number | null };
      };
      const throughput = rate(size, res.ms);
      const minutes = answer.note?.duration_seconds
        ? `${(answer.note.duration_seconds / 60).toFixed(1)} min`
        : (answer.message ?? '');
      out(`   ${sample.label}, ${(size / GiB).toFixed(2)} GiB: answer ${res.status} (${minutes})`);
      out(`     dd 1 GiB conv=fsync on the same disk: ${dd.toFixed(0)} MB/s`);
      out(
        `     upload end to end ${seconds(res.ms)}: ${throughput.toFixed(0)} MB/s → ${((throughput / dd) * 100).toFixed(0)} % of dd`,
      );
      out(
        `     server RSS ${(rssBefore / 1024).toFixed(0)} MiB before, ${(rssPeak / 1024).toFixed(0)} MiB peak → growth ${((rssPeak - rssBefore) / 1024).toFixed(1)} MiB`,
      );
    }
    out('   resumable upload (tus, /api/uploads) of the same WAV, one PATCH by curl:');
    {
      const size = (await stat(first.path)).size;
      const dd = await ddMBs(dataDir);
      const rssBefore = await rssKiB(pid);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => {
        rssKiB(pid).then(
          (kib) => (rssPeak = Math.max(rssPeak, kib)),
          () => {},
        );
      }, 20);
      const started = performance.now();
      const url = await createTus(base, first.path, token);
      const res = await curlPatch(url, first.path, 0, token);
      const ms = performance.now() - started;
      clearInterval(sampler);
      rssPeak = Math.max(rssPeak, await rssKiB(pid));
      const throughput = rate(size, ms);
      out(`     answer ${res.status}, note ${res.noteId ?? 'none'}`);
      out(`     dd 1 GiB conv=fsync on the same disk: ${dd.toFixed(0)} MB/s`);
      out(
        `     create + PATCH end to end ${seconds(ms)}: ${throughput.toFixed(0)} MB/s → ${((throughput / dd) * 100).toFixed(0)} % of dd`,
      );
      out(
        `     server RSS ${(rssBefore / 1024).toFixed(0)} MiB before, ${(rssPeak / 1024).toFixed(0)} MiB peak → growth ${((rssPeak - rssBefore) / 1024).toFixed(1)} MiB`,
      );
    }
    out('   resumable upload cut at 60 % (connection dropped), then resumed:');
    {
      const size = (await stat(first.path)).size;
      const started = performance.now();
      const url = await createTus(base, first.path, token);
      const written = await patchAndCut(url, first.path, Math.floor(size * 0.6), token);
      const offset = await tusOffset(url, token);
      const res = await curlPatch(url, first.path, offset, token);
      const ms = performance.now() - started;
      const resent = written - offset;
      out(`     answer ${res.status}, note ${res.noteId ?? 'none'}, ${seconds(ms)} in all`);
      out(
        `     written before the cut ${(written / MB).toFixed(1)} MB, kept by the server ${(offset / MB).toFixed(1)} MB → sent again ${(resent / MB).toFixed(2)} MB (${((resent / size) * 100).toFixed(2)} % of the file); a multipart upload would send all ${(size / MB).toFixed(0)} MB again`,
      );
      out(
        `     bytes on the wire in all: ${((written + size - offset) / MB).toFixed(1)} MB for a ${(size / MB).toFixed(1)} MB file`,
      );
    }
    const left = await readdir(join(dataDir, 'tmp'), { recursive: true, withFileTypes: true });
    // The completed tus uploads keep their small records (for the note id) until they expire.
    const records = left.filter((entry) => entry.isFile() && entry.name.endsWith('.json')).length;
    out(
      `   temporary files left: ${left.filter((entry) => entry.isFile()).length - records} (and ${records} records of completed resumable uploads)`,
    );
  } finally {
    const server = child;
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.stdin.end();
      await exited;
    }
    await peer.close();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * `npm run bench:pipeline -- storage`: the 1 GiB WAV by multipart `POST /api/note` into the local
 * folder, then into S3 storage (STORAGE=s3) on a local S3-compatible server over loopback (the
 * tests' @20minutes/s3rver, which keeps its objects on the same disk), each to a fresh server
 * process. Throughput of each, S3 as a share of local, and the server's RSS growth.
 */
export async function runStorageBench(out: Out): Promise<void> {
  // BENCH_STORAGE_MIB: a smaller file to see that the bench runs; the target is for 1 GiB.
  const bytes = Number(process.env.BENCH_STORAGE_MIB ?? 1024) * 1024 * 1024;
  out(
    `3) ${(bytes / GiB).toFixed(2)} GiB multipart and resumable upload into the local folder, then into S3 storage over loopback`,
  );
  const work = await mkdtemp(join(tmpdir(), 'protokoll-storage-bench-'));
  const peer = await startOpenAiPeer();
  const s3 = await startTestS3('protokoll-bench');
  try {
    const file = join(work, 'bench-1gib.wav');
    await makeWav(file, bytes);
    const size = (await stat(file)).size;
    const figures: Record<string, number> = {};
    for (const [label, env] of [
      ['local folder', {}],
      ['S3 (loopback)', s3.env],
    ] as const) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'bench/upload-server.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          SERVE_APP: 'false',
          PORT: '0',
          DATA_DIR: join(work, `data-${Object.keys(figures).length}`),
          DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
          LOG_LEVEL: 'warn',
          JWT_SECRET: randomBytes(32).toString('hex'),
          STT_BASE_URL: peer.url,
          MAX_UPLOAD_BYTES: '2G',
          ...env,
        },
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      try {
        const next = lines(child);
        const { url: base } = JSON.parse(await next()) as { url: string };
        const { token, userId } = await register(base);
        child.stdin.write(`grant ${userId} 5000\n`);
        await next();
        const pid = child.pid!;
        const rssBefore = await rssKiB(pid);
        let rssPeak = rssBefore;
        const sampler = setInterval(() => {
          rssKiB(pid).then(
            (kib) => (rssPeak = Math.max(rssPeak, kib)),
            () => {},
          );
        }, 20);
        const res = await curlUpload(`${base}/api/note`, file, token);
        const multipartPeak = Math.max(rssPeak, await rssKiB(pid));
        // The same file again, resumable: its parts in storage, then assembled and stored.
        const tus = await curlResumable(base, file, token);
        clearInterval(sampler);
        rssPeak = Math.max(rssPeak, await rssKiB(pid));
        const throughput = rate(size, res.ms);
        figures[label] = throughput;
        out(`   ${label}: answer ${res.status}, ${seconds(res.ms)}, ${throughput.toFixed(0)} MB/s`);
        out(
          `     server RSS ${(rssBefore / 1024).toFixed(0)} MiB before, ${(multipartPeak / 1024).toFixed(0)} MiB peak → growth ${((multipartPeak - rssBefore) / 1024).toFixed(1)} MiB`,
        );
        const tusRate = rate(size, tus.ms);
        figures[`${label} resumable`] = tusRate;
        out(
          `   ${label}, resumable (tus, one PATCH): answer ${tus.status} note ${tus.noteId || '-'}, ${seconds(tus.ms)}, ${tusRate.toFixed(0)} MB/s; RSS peak over both ${(rssPeak / 1024).toFixed(0)} MiB → growth ${((rssPeak - rssBefore) / 1024).toFixed(1)} MiB`,
        );
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.stdin.end();
        await exited;
      }
    }
    const local = figures['local folder'] ?? NaN;
    const remote = figures['S3 (loopback)'] ?? NaN;
    out(`   S3 at ${((remote / local) * 100).toFixed(0)} % of the local folder's speed`);
    const localTus = figures['local folder resumable'] ?? NaN;
    const remoteTus = figures['S3 (loopback) resumable'] ?? NaN;
    out(
      `   resumable: local at ${((localTus / local) * 100).toFixed(0)} % of multipart, S3 at ${((remoteTus / remote) * 100).toFixed(0)} % of multipart`,
    );
  } finally {
    await s3.stop();
    await peer.close();
    await rm(work, { recursive: true, force: true });
  }
}
