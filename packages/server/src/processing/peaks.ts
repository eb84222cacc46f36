// The level overview of a recording (docs/uploads.md#level-overview): ffmpeg decodes it once to
// a low-rate mono stream, each tenth of a second becomes one loudness value, and those are
// folded into at most PEAKS_COUNT slices. The browser draws them; it never decodes the file.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { NotePeaks, PEAKS_COUNT } from '@protokoll/contract';
import { writeStreamToFile } from '../lib/files.ts';
import type { Storage } from '../providers/storage/storage.ts';
import { AudioToolError, type AudioSource } from './audio.ts';
import { audioToolCommand } from './audio-tools.ts';

/** Enough for a loudness envelope; a 2-hour recording decodes to 29 MB of samples, streamed. */
const SAMPLE_RATE = 2000;
/** Samples per loudness value: a tenth of a second. */
const BLOCK = SAMPLE_RATE / 10;

/** What is stored beside a recording and answered by `GET /api/note/{id}/peaks`. */
export interface Peaks {
  peaks: number[];
  durationSeconds: number;
}

/** Folds loudness values (one per block) into at most `count` slices, each its loudest block. */
export function foldPeaks(levels: readonly number[], count = PEAKS_COUNT): number[] {
  const slices =
    levels.length <= count
      ? [...levels]
      : Array.from({ length: count }, (_, index) => {
          const from = Math.floor((index * levels.length) / count);
          const to = Math.max(from + 1, Math.floor(((index + 1) * levels.length) / count));
          let loudest = 0;
          for (let i = from; i < to; i += 1) loudest = Math.max(loudest, levels[i]!);
          return loudest;
        });
  const top = Math.max(0, ...slices);
  return slices.map((level) => (top > 0 ? Math.round((100 * level) / top) : 0));
}

/**
 * Decodes `source` and measures its loudness, one root-mean-square value per tenth of a second.
 * @throws AudioToolError when ffmpeg cannot read it.
 */
export async function computePeaks(source: AudioSource, signal?: AbortSignal): Promise<Peaks> {
  const command = await audioToolCommand('ffmpeg');
  const input = 'path' in source ? source.path : 'pipe:0';
  let readError: Error | undefined;
  const child = spawn(
    command,
    ['-nostdin', '-hide_banner', '-v', 'error', '-i', input, '-map', '0:a:0', '-vn']
      .concat(['-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-c:a', 'pcm_s16le'])
      .concat(['pipe:1']),
    { stdio: ['stream' in source ? 'pipe' : 'ignore', 'pipe', 'pipe'], signal },
  );
  if ('stream' in source && child.stdin) {
    // ffmpeg may stop reading early (a broken file): that is its error to report, not the pipe's.
    child.stdin.on('error', () => {});
    // A recording whose reading breaks off (storage gone mid-stream): ffmpeg would wait for the
    // rest on its open stdin, deaf to SIGTERM while it blocks in the read, and the job with it.
    source.stream.on('error', (error) => {
      readError ??= error;
      child.stdin?.destroy();
      child.kill('SIGKILL');
    });
    source.stream.pipe(child.stdin);
  }
  const levels: number[] = [];
  let sum = 0;
  let inBlock = 0;
  let carry: Buffer | null = null;
  let samples = 0;
  child.stdout!.on('data', (data: Buffer) => {
    const bytes: Buffer = carry ? Buffer.concat([carry, data]) : data;
    const whole = bytes.length - (bytes.length % 2);
    for (let offset = 0; offset < whole; offset += 2) {
      const sample = bytes.readInt16LE(offset) / 32768;
      sum += sample * sample;
      inBlock += 1;
      if (inBlock === BLOCK) {
        levels.push(Math.sqrt(sum / BLOCK));
        sum = 0;
        inBlock = 0;
      }
    }
    samples += whole / 2;
    carry = whole < bytes.length ? bytes.subarray(whole) : null;
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (data: string) => {
    stderr = (stderr + data).slice(-4_000);
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (error) =>
      reject(
        signal?.aborted
          ? signal.reason
          : new AudioToolError(`ffmpeg could not be started: ${error.message}`),
      ),
    );
    child.once('close', resolve);
  });
  if (readError) throw readError;
  if (code !== 0) {
    throw new AudioToolError(`measuring the levels failed: ${stderr.trim() || `exit ${code}`}`);
  }
  if (inBlock > 0) levels.push(Math.sqrt(sum / inBlock));
  return { peaks: foldPeaks(levels), durationSeconds: samples / SAMPLE_RATE };
}

/** Where a recording's overview is kept: beside it, so deleting the user's folder takes it too. */
export function peaksKey(audioKey: string): string {
  return `${audioKey}.peaks.json`;
}

/** MP4 and M4A can keep their index at the end: ffmpeg must be able to seek in them. */
const NEEDS_SEEKING = /\.(m4a|mp4)$/u;

/**
 * The stored overview of the recording under `audioKey`, computed and stored first when there is
 * none (a note processed before overviews existed, or whose processing could not make one).
 */
export async function ensurePeaks(
  storage: Storage,
  audioKey: string,
  signal?: AbortSignal,
): Promise<Peaks> {
  const key = peaksKey(audioKey);
  if (await storage.stat(key)) {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
    const stored = NotePeaks.safeParse({
      success: true,
      ...JSON.parse(Buffer.concat(chunks).toString('utf8')),
    });
    if (stored.success) {
      return { peaks: stored.data.peaks, durationSeconds: stored.data.duration_seconds };
    }
  }
  const peaks = await measure(storage, audioKey, signal);
  const body = JSON.stringify({ peaks: peaks.peaks, duration_seconds: peaks.durationSeconds });
  await storage.write(key, Readable.from([Buffer.from(body)]));
  // A note deleted while it was measured removed its recording first, then this file: written
  // after that, it would outlive the note.
  if (!(await storage.stat(audioKey))) await storage.remove(key);
  return peaks;
}

async function measure(storage: Storage, audioKey: string, signal?: AbortSignal): Promise<Peaks> {
  const stream = await storage.read(audioKey);
  if (!NEEDS_SEEKING.test(audioKey)) {
    try {
      return await computePeaks({ stream }, signal);
    } finally {
      stream.destroy();
    }
  }
  const dir = await mkdtemp(join(tmpdir(), 'protokoll-peaks-'));
  try {
    const path = join(dir, `source.${audioKey.split('.').pop()}`);
    await writeStreamToFile(stream, path, { signal });
    return await computePeaks({ path }, signal);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
