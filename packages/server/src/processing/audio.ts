// Audio steps of the pipeline: content detection, measuring, preparing (16 kHz mono FLAC) and
// cutting into chunks. Everything goes through ffprobe/ffmpeg as child processes with argument
// arrays (no shell), so a file name can never become a command.
import { spawn } from 'node:child_process';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { ErrorCode } from '@protokoll/contract';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

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

/** Runs a tool to completion; stderr is kept short (ffmpeg can be chatty on broken input). */
function run(command: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
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
      else reject(new AudioToolError(`${command} could not be started: ${error.message}`));
    });
    child.once('close', (code) => resolve({ code, stdout, stderr: stderr.trim() }));
  });
}

/** What ffprobe and one full read of the packets say about a file. */
export interface AudioProbe {
  /**
   * Playable length: the end of the last audio packet, found by reading the whole file. Headers
   * can lie (an MP3's Xing header or a FLAC STREAMINFO still claims the full length after the
   * file was cut) or say nothing (WebM from a browser's MediaRecorder).
   */
  durationSeconds: number;
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
 * `detectAudio` is the gate that refuses it.
 */
export async function probeAudio(path: string, signal?: AbortSignal): Promise<AudioProbe> {
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
  if (!audio) return { ...base, durationSeconds: 0 };

  const measured = await packetDuration(path, signal);
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
  return { ...base, durationSeconds };
}

/** Content types an upload may have (PRODUCT.md: mp3, m4a, wav, ogg/opus, webm, flac, mp4 audio). */
export const ACCEPTED_AUDIO_TYPES: ReadonlySet<string> = new Set([
  'mp3',
  'm4a',
  'mp4',
  'wav',
  'ogg',
  'oga',
  'opus',
  'webm',
  'flac',
]);

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
  const probe = await probeAudio(path, signal);
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
}

export const MAX_CHUNK_SECONDS = 600;
export const CHUNK_OVERLAP_SECONDS = 3;
export const MAX_CHUNK_BYTES = 24_000_000;
/**
 * The size estimate uses the file's average rate, but a noisy stretch of FLAC can be denser than
 * the average: plan with this share of the byte limit.
 */
const SIZE_HEADROOM = 0.85;

const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * Splits `durationSeconds` into the fewest chunks that respect both the duration and the size
 * limit, all of equal length, each overlapping the previous one by `overlapSeconds`. Equal
 * lengths avoid a last chunk of a few seconds, on which speech models tend to hallucinate.
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
  // n chunks of length L overlapping by o cover n·L − (n−1)·o; take the smallest n with L ≤ longest.
  const count = Math.ceil((durationSeconds - overlapSeconds) / (longest - overlapSeconds) - 1e-9);
  const length = (durationSeconds + (count - 1) * overlapSeconds) / count;
  const chunks: ChunkPlan[] = [];
  for (let index = 0; index < count; index++) {
    const start = index * (length - overlapSeconds);
    const end = index === count - 1 ? durationSeconds : start + length;
    chunks.push({ index, start: ms(start), end: ms(end) });
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
