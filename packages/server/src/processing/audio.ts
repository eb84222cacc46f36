// Audio steps of the pipeline: content detection, measuring, preparing (16 kHz mono FLAC) and
// cutting into chunks. Everything goes through ffprobe/ffmpeg as child processes with argument
// arrays (no shell), so a file name can never become a command.
import { spawn } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { AUDIO_FORMATS, ErrorCode } from '@protokoll/contract';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { audioToolCommand, type AudioToolName } from './audio-tools.ts';
import { boundedLength } from './audio-length.ts';

/** Why a file is refused. */
export type AudioErrorReason = 'notAudio' | 'unreadable' | 'truncated' | 'empty';

/** A file the pipeline cannot use; `key` is the i18n key of the reason shown to the user. */
export class AudioError extends Error {
  readonly reason: AudioErrorReason;
  readonly key: `processing.audio.${AudioErrorReason}`;
  /** The API error code an upload refusal answers with. */
  readonly code = ErrorCode.UNSUPPORTED_AUDIO;

  constructor(reason: AudioErrorReason, message: string) {
    super(message);
    this.name = 'AudioError';
    this.reason = reason;
    this.key = `processing.audio.${reason}`;
  }
}

/** ffmpeg or ffprobe failed on a file that had passed detection, or is missing. */
export class AudioToolError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AudioToolError';
  }
}

const FFMPEG = 'ffmpeg';
const FFPROBE = 'ffprobe';

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a tool to completion; stderr is kept short (ffmpeg can be chatty on broken input). The
 * tool is the one `audioTools` found: the system's, or the npm package's.
 */
async function run(tool: AudioToolName, args: string[], signal?: AbortSignal): Promise<RunResult> {
  const command = await audioToolCommand(tool);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (data: string) => {
      if (stdout.length < 4_000_000) stdout += data;
    });
    child.stderr.setEncoding('utf8').on('data', (data: string) => {
      stderr = (stderr + data).slice(-8_000);
    });
    child.once('error', (error) => {
      if (signal?.aborted) reject(signal.reason);
      else reject(new AudioToolError(`${tool} could not be started: ${error.message}`));
    });
    child.once('close', (code) => resolve({ code, stdout, stderr: stderr.trim() }));
  });
}

/** What ffprobe and one full read of the packets say about a file. */
export interface AudioProbe {
  /**
   * Playable length: the end of the last audio packet, found by reading the whole file. Headers
   * can lie (an MP3's Xing header or a FLAC STREAMINFO still claims the full length after the
   * file was cut) or say nothing (WebM from a browser's MediaRecorder). For a WAV or MP3 whose
   * header agrees with its size and whose last bytes are audio, a bounded read stands in for the
   * full one (audio-length.ts); every other file, and every refusal, comes from the full read.
   */
  durationSeconds: number;
  /** How the length was found: the bounded read of header and ends, or every packet. */
  lengthSource: 'header' | 'packets';
  /** The length the container declares, when it declares one. */
  declaredDurationSeconds: number | undefined;
  /** ffprobe's `format_name`, e.g. `mp3` or `mov,mp4,m4a,3gp,3g2,mj2`. */
  formatName: string;
  hasAudioStream: boolean;
  /** Video next to the audio (a screen recording): allowed, the pipeline only reads the audio. */
  hasVideoStream: boolean;
  /** Codec of the first audio stream, e.g. `mp3`, `aac`, `opus`. */
  codecName: string | undefined;
  sampleRate: number | undefined;
  channels: number | undefined;
  sizeBytes: number;
}

/** A file shorter than this holds nothing to transcribe. */
export const MIN_DURATION_SECONDS = 0.1;

/**
 * The declared length may exceed the packets by this much before the file counts as truncated:
 * encoder delay and the last packet's own length account for a few hundredths.
 */
function truncationTolerance(declared: number): number {
  return Math.max(1, declared * 0.05);
}

interface FfprobeJson {
  format?: { format_name?: string; duration?: string };
  streams?: {
    codec_type?: string;
    codec_name?: string;
    sample_rate?: string;
    channels?: number;
    disposition?: { attached_pic?: number };
  }[];
}

const positive = (value: unknown): number | undefined => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : undefined;
};

/** Reads every audio packet without decoding and returns where the last one ends. */
async function packetDuration(path: string, signal?: AbortSignal): Promise<number | undefined> {
  const { code, stdout } = await run(
    FFMPEG,
    [
      '-nostdin',
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:a:0',
      '-c',
      'copy',
      '-f',
      'null',
      '-progress',
      'pipe:1',
      '-',
    ],
    signal,
  );
  if (code !== 0) return undefined;
  const times = [...stdout.matchAll(/^out_time_us=(-?\d+)$/gm)].map((match) => Number(match[1]));
  const last = times.at(-1);
  return last === undefined ? undefined : Math.max(0, last / 1e6);
}

/**
 * Measures a file. Throws AudioError `unreadable` when ffprobe cannot open it and `truncated`
 * when its packets end well before the length its header declares. A readable file without an
 * audio stream (a PNG, say) is not refused here: `hasAudioStream` is false and the duration 0;
 * `detectAudio` is the gate that refuses it. `ext`, the type detected by content, allows the
 * bounded read where that format has one.
 */
export async function probeAudio(
  path: string,
  signal?: AbortSignal,
  options: { ext?: string } = {},
): Promise<AudioProbe> {
  const { size } = await stat(path);
  const { code, stdout, stderr } = await run(
    FFPROBE,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-i', path],
    signal,
  );
  let info: FfprobeJson = {};
  try {
    info = JSON.parse(stdout || '{}') as FfprobeJson;
  } catch {
    // an unparseable answer is treated like no answer
  }
  if (code !== 0 || !info.format) {
    throw new AudioError('unreadable', `ffprobe cannot read the file: ${stderr || 'no output'}`);
  }
  const streams = info.streams ?? [];
  const audio = streams.find((s) => s.codec_type === 'audio');
  const hasVideoStream = streams.some(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic,
  );
  const declared = positive(info.format.duration);
  const base = {
    declaredDurationSeconds: declared,
    formatName: info.format.format_name ?? 'unknown',
    hasAudioStream: audio !== undefined,
    hasVideoStream,
    codecName: audio?.codec_name,
    sampleRate: positive(audio?.sample_rate),
    channels: positive(audio?.channels),
    sizeBytes: size,
  };
  if (!audio) return { ...base, durationSeconds: 0, lengthSource: 'header' };

  const bounded = options.ext
    ? await boundedLength(path, options.ext, declared).catch(() => undefined)
    : undefined;
  const measured = bounded ?? (await packetDuration(path, signal));
  if (measured === undefined) {
    throw new AudioError('unreadable', 'ffmpeg cannot read the audio packets');
  }
  if (declared !== undefined && declared - measured > truncationTolerance(declared)) {
    throw new AudioError(
      'truncated',
      `the file declares ${declared.toFixed(2)} s but its audio ends after ${measured.toFixed(2)} s`,
    );
  }
  // The declared length includes the last packet's own duration; prefer it when it is sound.
  const durationSeconds = declared !== undefined && declared >= measured ? declared : measured;
  return { ...base, durationSeconds, lengthSource: bounded === undefined ? 'packets' : 'header' };
}

/**
 * Content types an upload may have, as file-type names them: the contract's AUDIO_FORMATS, the
 * same list the browser checks before sending.
 */
export const ACCEPTED_AUDIO_TYPES: ReadonlySet<string> = new Set(AUDIO_FORMATS);

/** How many leading bytes `sniffAudio` needs to recognise every accepted format. */
export const SNIFF_BYTES = 4100;

export interface AudioType {
  /** file-type's extension, e.g. `m4a`, `opus`. */
  ext: string;
  mime: string;
}

function acceptType(type: AudioType | undefined): AudioType {
  if (!type || !ACCEPTED_AUDIO_TYPES.has(type.ext)) {
    throw new AudioError(
      'notAudio',
      type ? `content is ${type.mime}, not a supported audio format` : 'content type unknown',
    );
  }
  return { ext: type.ext, mime: type.mime };
}

/**
 * Checks the first bytes of an upload (at least SNIFF_BYTES when the file has them) by content,
 * never by name, so a streaming upload can be refused before it is stored.
 * @throws AudioError `notAudio`.
 */
export async function sniffAudio(bytes: Uint8Array): Promise<AudioType> {
  return acceptType(await fileTypeFromBuffer(bytes));
}

export interface DetectedAudio extends AudioType {
  probe: AudioProbe;
}

/**
 * The gate for uploads: the content must be one of the accepted formats (whatever the file is
 * called) and ffprobe must find an audio stream with a playable length. Partly readable files
 * (e.g. an Ogg cut short, whose header does not promise more) are accepted for the length they
 * hold; files whose header promises more than they hold are refused as truncated.
 * @throws AudioError `notAudio`, `unreadable`, `truncated` or `empty`.
 */
export async function detectAudio(path: string, signal?: AbortSignal): Promise<DetectedAudio> {
  const type = acceptType(await fileTypeFromFile(path));
  const probe = await probeAudio(path, signal, { ext: type.ext });
  if (!probe.hasAudioStream) {
    throw new AudioError('notAudio', `${type.ext} file without an audio stream`);
  }
  if (probe.durationSeconds < MIN_DURATION_SECONDS) {
    throw new AudioError('empty', `the audio lasts ${probe.durationSeconds.toFixed(3)} s`);
  }
  return { ...type, probe };
}

/** The file the engines receive. */
export interface PreparedAudio {
  path: string;
  durationSeconds: number;
  sizeBytes: number;
  /** Average size per second of audio, for `planChunks`' size limit. */
  bytesPerSecond: number;
}

/** Sample rate Whisper-family models work at; anything higher is only bytes on the wire. */
export const PREPARED_SAMPLE_RATE = 16_000;

/**
 * The prepared format is 16 kHz mono 16-bit FLAC: every OpenAI-compatible engine we target reads
 * it (OpenAI, Groq, faster-whisper via ffmpeg, whisper.cpp via dr_flac), it is lossless, so a
 * lossy upload is not degraded a second time, and unlike MP3 or Opus it has no encoder delay or
 * padding, so chunk cuts and timestamps stay sample-exact. At ~0.5–4 MB per minute a ten-minute
 * chunk stays under the 24 MB limit even for noisy audio (raw 16 kHz PCM is 1.9 MB per minute).
 */
const FLAC_OUTPUT = ['-ac', '1', '-ar', String(PREPARED_SAMPLE_RATE), '-sample_fmt', 's16'];
const FLAC_CODEC = ['-c:a', 'flac', '-compression_level', '5', '-f', 'flac'];

async function ffmpeg(args: string[], what: string, signal?: AbortSignal): Promise<void> {
  const { code, stderr } = await run(
    FFMPEG,
    ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args],
    signal,
  );
  if (code !== 0) throw new AudioToolError(`${what} failed: ${stderr || `exit code ${code}`}`);
}

/**
 * Converts the first audio stream of `input` to `outDir/prepared.flac` (16 kHz mono), dropping
 * video, subtitles and metadata, and measures the result.
 */
export async function prepareAudio(
  input: string,
  outDir: string,
  signal?: AbortSignal,
): Promise<PreparedAudio> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, 'prepared.flac');
  await ffmpeg(
    ['-i', input, '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1'].concat(
      FLAC_OUTPUT,
      FLAC_CODEC,
      [path],
    ),
    'preparing the audio',
    signal,
  );
  const probe = await probeAudio(path, signal);
  if (probe.durationSeconds < MIN_DURATION_SECONDS) {
    throw new AudioError('empty', 'the prepared audio is empty');
  }
  return {
    path,
    durationSeconds: probe.durationSeconds,
    sizeBytes: probe.sizeBytes,
    bytesPerSecond: probe.sizeBytes / probe.durationSeconds,
  };
}

/** One slice of the prepared audio, in seconds of the whole recording. */
export interface ChunkPlan {
  index: number;
  start: number;
  end: number;
}

export interface ChunkOptions {
  /** Longest chunk by duration (OpenAI-compatible engines work best below ~10 minutes). */
  maxChunkSeconds?: number;
  /** Audio both neighbours hear, so a word cut at the border is complete in one of them. */
  overlapSeconds?: number;
  /** Average bytes per second of the prepared audio (from `prepareAudio`). */
  bytesPerSecond?: number;
  /** Largest request body an engine accepts (OpenAI: 25 MB), with room to spare. */
  maxChunkBytes?: number;
  /**
   * Length of the first chunk of a recording longer than one chunk; the next ones double until
   * they would reach the longest, then the rest is split evenly. The engine gets its first request
   * once this much is decoded instead of a whole chunk (a tenth of a two-hour recording), and
   * each lead chunk is cut while the one before is transcribed. Undefined: no lead chunks.
   */
  leadChunkSeconds?: number;
}

export const MAX_CHUNK_SECONDS = 600;
export const CHUNK_OVERLAP_SECONDS = 3;
export const MAX_CHUNK_BYTES = 24_000_000;
/**
 * The pipeline's first chunk (docs/uploads.md#pipeline-stages): long enough for a speech model's
 * context (Whisper listens in 30-second windows), short enough to decode in a blink.
 */
export const LEAD_CHUNK_SECONDS = 30;
/**
 * The size estimate uses the file's average rate, but a noisy stretch of FLAC can be denser than
 * the average: plan with this share of the byte limit.
 */
const SIZE_HEADROOM = 0.85;

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Splits `durationSeconds` into the fewest chunks that respect both the duration and the size
 * limit, all of equal length, each overlapping the previous one by `overlapSeconds`. Equal
 * lengths avoid a last chunk of a few seconds, on which speech models tend to hallucinate. With
 * `leadChunkSeconds` a long recording starts with short chunks that double (30, 60, 120 … s),
 * as long as at least one full-length chunk remains after each; the rest is split as above.
 */
export function planChunks(durationSeconds: number, options: ChunkOptions = {}): ChunkPlan[] {
  const {
    maxChunkSeconds = MAX_CHUNK_SECONDS,
    overlapSeconds = CHUNK_OVERLAP_SECONDS,
    bytesPerSecond,
    maxChunkBytes = MAX_CHUNK_BYTES,
  } = options;
  if (!(durationSeconds > 0)) return [];
  const bySize =
    bytesPerSecond && bytesPerSecond > 0
      ? (maxChunkBytes * SIZE_HEADROOM) / bytesPerSecond
      : Infinity;
  const longest = Math.min(maxChunkSeconds, bySize);
  if (!(longest > overlapSeconds * 2) || overlapSeconds < 0) {
    throw new RangeError(
      `chunks of at most ${longest.toFixed(1)} s cannot overlap by ${overlapSeconds} s`,
    );
  }
  if (durationSeconds <= longest) return [{ index: 0, start: 0, end: ms(durationSeconds) }];
  const chunks: ChunkPlan[] = [];
  let from = 0;
  const lead = options.leadChunkSeconds;
  if (lead !== undefined && lead > overlapSeconds * 2) {
    for (
      let length = lead;
      length < longest && durationSeconds - (from + length - overlapSeconds) >= longest;
      length *= 2
    ) {
      chunks.push({ index: chunks.length, start: ms(from), end: ms(from + length) });
      from += length - overlapSeconds;
    }
  }
  // n chunks of length L overlapping by o cover n·L − (n−1)·o; take the smallest n with L ≤ longest.
  const rest = durationSeconds - from;
  const count = Math.ceil((rest - overlapSeconds) / (longest - overlapSeconds) - 1e-9);
  const length = (rest + (count - 1) * overlapSeconds) / count;
  for (let i = 0; i < count; i++) {
    const start = from + i * (length - overlapSeconds);
    const end = i === count - 1 ? durationSeconds : start + length;
    chunks.push({ index: chunks.length, start: ms(start), end: ms(end) });
  }
  return chunks;
}

/** `outDir/chunk-0003.flac`: the slice `[chunk.start, chunk.end)` of the prepared audio. */
export async function cutChunk(
  prepared: Pick<PreparedAudio, 'path'>,
  chunk: ChunkPlan,
  outDir: string,
  signal?: AbortSignal,
): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, `chunk-${String(chunk.index).padStart(4, '0')}.flac`);
  // Seeking before -i is sample-accurate for FLAC input, and re-encoding keeps the cut exact.
  await ffmpeg(
    [
      '-ss',
      chunk.start.toFixed(3),
      '-i',
      prepared.path,
      '-t',
      (chunk.end - chunk.start).toFixed(3),
    ].concat(['-map', '0:a:0'], FLAC_OUTPUT, FLAC_CODEC, [path]),
    `cutting chunk ${chunk.index}`,
    signal,
  );
  return path;
}

/**
 * The most bytes a second of prepared audio can take: raw 16-bit samples (FLAC stores a noisy
 * stretch verbatim) plus frame headers. Planning chunks with it needs no encoded file first.
 */
export const PREPARED_MAX_BYTES_PER_SECOND = PREPARED_SAMPLE_RATE * 2 * 1.01;

const PCM_BYTES_PER_SECOND = PREPARED_SAMPLE_RATE * 2;
const PCM_FORMAT = ['-f', 's16le', '-ac', '1', '-ar', String(PREPARED_SAMPLE_RATE)];

/** The recording to cut: a file (MP4/M4A need one: their index can sit at the end) or a stream. */
export type AudioSource = { path: string } | { stream: Readable };

export interface ChunkCutter {
  /**
   * The chunk's file as soon as it is cut; undefined when the recording ends before the chunk
   * holds any audio. Rejects when decoding or encoding failed.
   */
  file(index: number): Promise<string | undefined>;
  /** The caller is done with the chunk's file: room for the next cut. */
  release(index: number): void;
  /** Stops decoding and encoding and waits for the tools to exit. */
  stop(): Promise<void>;
}

export interface CutChunksOptions {
  signal?: AbortSignal | undefined;
  /**
   * Cut chunks that may wait for `release`; past that the decoder waits before it starts the
   * next chunk (the ones being written, at most two where they overlap, come on top).
   */
  ahead?: number;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
  settled: boolean;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  // Rejections nobody asks for (chunks the run never got to) must not crash the process.
  promise.catch(() => {});
  const entry: Deferred<T> = {
    promise,
    settled: false,
    resolve: (value) => {
      entry.settled = true;
      resolve(value);
    },
    reject: (error) => {
      entry.settled = true;
      reject(error);
    },
  };
  return entry;
}

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('close', (code) => resolve(code));
    child.once('error', () => resolve(child.exitCode));
  });
}

function stderrTail(child: ReturnType<typeof spawn>): () => string {
  let text = '';
  child.stderr?.setEncoding('utf8').on('data', (data: string) => {
    text = (text + data).slice(-4_000);
  });
  return () => text.trim();
}

/**
 * Cuts the chunks while the recording is decoded, in one pass: one ffmpeg decodes it to 16 kHz
 * mono samples, and each chunk's samples go to an ffmpeg of its own that writes
 * `outDir/chunk-0003.flac` (the same bytes `prepareAudio` and `cutChunk` would give, cut on the
 * exact sample). A chunk is ready as soon as the decoder has passed its end, so the first one goes
 * to the engine after a tenth of a long recording is decoded, and the rest are cut while earlier
 * ones are transcribed. At most `ahead` cut chunks wait for `release`: past that the decoder
 * waits, so a slow engine never fills the disk.
 */
export function cutChunks(
  source: AudioSource,
  chunks: readonly ChunkPlan[],
  outDir: string,
  options: CutChunksOptions = {},
): ChunkCutter {
  const ahead = Math.max(1, options.ahead ?? 4);
  const stopper = new AbortController();
  const signal = options.signal
    ? AbortSignal.any([options.signal, stopper.signal])
    : stopper.signal;
  const ordered = [...chunks].sort((a, b) => a.start - b.start);
  const files = new Map(ordered.map((chunk) => [chunk.index, deferred<string | undefined>()]));
  const children = new Set<ReturnType<typeof spawn>>();
  /** Cut and not yet released. */
  let live = 0;
  let roomWaiters: (() => void)[] = [];
  const released = new Set<number>();

  const cut = new Set<number>();

  function release(index: number) {
    if (released.has(index) || !cut.has(index)) return;
    released.add(index);
    live -= 1;
    const waiters = roomWaiters;
    roomWaiters = [];
    for (const wake of waiters) wake();
  }

  async function room(): Promise<void> {
    while (live >= ahead) {
      signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        roomWaiters.push(resolve);
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    }
    signal.throwIfAborted();
  }

  interface Open {
    chunk: ChunkPlan;
    path: string;
    child: ReturnType<typeof spawn>;
    from: number;
    to: number;
    written: number;
    stderr: () => string;
    exit: Promise<number | null>;
    failed?: unknown;
  }

  function openEncoder(chunk: ChunkPlan, from: number, to: number): Open {
    const path = join(outDir, `chunk-${String(chunk.index).padStart(4, '0')}.flac`);
    const child = spawn(
      FFMPEG,
      ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...PCM_FORMAT, '-i', 'pipe:0'].concat(
        ['-map_metadata', '-1'],
        FLAC_OUTPUT,
        FLAC_CODEC,
        [path],
      ),
      { stdio: ['pipe', 'ignore', 'pipe'], signal },
    );
    children.add(child);
    const open: Open = {
      chunk,
      path,
      child,
      from,
      to,
      written: 0,
      stderr: stderrTail(child),
      exit: exitOf(child).finally(() => children.delete(child)),
    };
    child.once('error', (error) => (open.failed ??= error));
    child.stdin!.on('error', (error) => (open.failed ??= error));
    return open;
  }

  const gone = (child: ReturnType<typeof spawn>) =>
    child.exitCode !== null || child.signalCode !== null;

  async function write(open: Open, bytes: Buffer) {
    open.written += bytes.length;
    const stdin = open.child.stdin!;
    if (open.failed || gone(open.child) || stdin.write(bytes)) return;
    // Until the encoder has taken it, or is gone (its exit fails the chunk in `finish`).
    await new Promise<void>((resolve) => {
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        open.child.off('exit', done);
        resolve();
      };
      stdin.once('drain', done);
      stdin.once('close', done);
      open.child.once('exit', done);
      if (gone(open.child) || stdin.destroyed) done();
    });
  }

  /** Ends a chunk's samples; its file is ready once its encoder has written the whole file. */
  function finish(open: Open) {
    open.child.stdin!.end();
    cut.add(open.chunk.index);
    live += 1;
    const entry = files.get(open.chunk.index)!;
    void open.exit.then(async (code) => {
      if (signal.aborted) return entry.reject(signal.reason);
      if (code !== 0 || open.failed) {
        return entry.reject(
          new AudioToolError(
            `cutting chunk ${open.chunk.index} failed: ${open.stderr() || String(open.failed ?? `exit code ${code}`)}`,
          ),
        );
      }
      // A sliver at the very end (the plan came from the upload's measured length) holds no speech.
      if (open.written < MIN_DURATION_SECONDS * PCM_BYTES_PER_SECOND) {
        await rm(open.path, { force: true });
        release(open.chunk.index);
        return entry.resolve(undefined);
      }
      entry.resolve(open.path);
    });
  }

  const decoderArgs = ['-nostdin', '-hide_banner', '-v', 'error'].concat(
    ['-i', 'path' in source ? source.path : 'pipe:0'],
    ['-map', '0:a:0', '-vn', '-sn', '-dn'],
    PCM_FORMAT,
    ['pipe:1'],
  );

  async function run(): Promise<void> {
    await mkdir(outDir, { recursive: true });
    const decoder = spawn(FFMPEG, decoderArgs, {
      stdio: ['path' in source ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      signal,
    });
    children.add(decoder);
    const decoderExit = exitOf(decoder).finally(() => children.delete(decoder));
    const decoderStderr = stderrTail(decoder);
    let started: Error | undefined;
    decoder.once('error', (error) => (started ??= error));
    let fed: Promise<unknown> = Promise.resolve();
    if ('stream' in source) {
      decoder.stdin!.on('error', () => {});
      // The decoder stopping early breaks the pipe; only a failing read of the recording counts.
      fed = pipeline(source.stream, decoder.stdin!).then(
        () => undefined,
        (error: unknown) =>
          (error as { code?: string }).code === 'EPIPE' ||
          (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE'
            ? undefined
            : error,
      );
    }

    const bytesAt = (seconds: number) => Math.round(seconds * PREPARED_SAMPLE_RATE) * 2;
    const last = ordered.at(-1);
    const ranges = ordered.map((chunk) => ({
      chunk,
      from: bytesAt(chunk.start),
      to: chunk === last ? Infinity : bytesAt(chunk.end),
    }));
    let next = 0;
    const open: Open[] = [];
    // An encoder takes a while to start (a tenth of a second and more on a busy machine), and the
    // decoder waits for it once the pipe is full: each chunk's encoder is started one chunk early,
    // the first one alongside the decoder.
    let spare: Open | undefined;
    const startNext = async () => {
      await room();
      const range = ranges[next++]!;
      const encoder =
        spare?.chunk === range.chunk ? spare : openEncoder(range.chunk, range.from, range.to);
      const following = ranges[next];
      spare = following && openEncoder(following.chunk, following.from, following.to);
      open.push(encoder);
    };
    if (ranges.length > 0) await startNext();
    let offset = 0;
    for await (const data of decoder.stdout! as AsyncIterable<Buffer>) {
      signal.throwIfAborted();
      const end = offset + data.length;
      while (next < ranges.length && ranges[next]!.from < end) await startNext();
      for (const encoder of [...open]) {
        const from = Math.max(encoder.from, offset);
        const to = Math.min(encoder.to, end);
        if (to > from) await write(encoder, data.subarray(from - offset, to - offset));
        if (encoder.to <= end) {
          open.splice(open.indexOf(encoder), 1);
          finish(encoder);
        }
      }
      offset = end;
    }
    const code = await decoderExit;
    const readError = await fed;
    signal.throwIfAborted();
    if (started) throw new AudioToolError(`ffmpeg could not be started: ${started.message}`);
    if (code !== 0) {
      throw new AudioToolError(
        `preparing the audio failed: ${decoderStderr() || `exit code ${code}`}`,
      );
    }
    if (readError) throw readError;
    if (offset < MIN_DURATION_SECONDS * PCM_BYTES_PER_SECOND) {
      throw new AudioError('empty', 'the prepared audio is empty');
    }
    for (const encoder of open) finish(encoder);
    // A chunk the recording ends before has nothing to transcribe: its early encoder goes unused.
    if (spare && next < ranges.length && spare.chunk === ranges[next]!.chunk) {
      spare.child.kill('SIGKILL');
      await spare.exit;
      await rm(spare.path, { force: true });
    }
    // Chunks the recording ends before: nothing to transcribe in them.
    for (const range of ranges.slice(next)) files.get(range.chunk.index)!.resolve(undefined);
  }

  const running = run().catch((error: unknown) => {
    for (const child of children) child.kill('SIGKILL');
    const reason = signal.aborted ? signal.reason : error;
    for (const entry of files.values()) if (!entry.settled) entry.reject(reason);
  });

  return {
    file(index) {
      const entry = files.get(index);
      if (!entry) return Promise.reject(new Error(`chunk ${index} is not being cut`));
      return entry.promise;
    },
    release,
    async stop() {
      stopper.abort(new Error('cutting stopped'));
      await running;
      await Promise.all([...children].map((child) => exitOf(child)));
    },
  };
}
