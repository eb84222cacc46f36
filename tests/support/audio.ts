// Real audio made at test time with espeak-ng and ffmpeg (no recordings in the repository).
// Made once into a temp folder named after the recipe, so every test file of a run (and later
// runs) reuses it; a changed recipe gets a new folder.
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

export const GERMAN_TEXT =
  'Guten Morgen zusammen. Wir haben beschlossen, das Budget zu erhöhen. Anna kümmert sich bis Freitag um den Bericht.';
export const ENGLISH_TEXT =
  'Good morning everyone. We decided to move the launch. Tom will send the report by Monday.';

/**
 * The long recording: blocks of one steady tone each, block k at `toneFrequency(k)`. The OpenAI
 * peer reads the tones back, so its transcript says which part of the recording a chunk holds,
 * and merge tests can check order, timestamps and overlap against the truth.
 */
export const LONG_BLOCK_SECONDS = 10;
export const LONG_DURATION_SECONDS = 25 * 60;
export const toneFrequency = (block: number) => 300 + 20 * block;
/**
 * How long a test that runs ffmpeg over the whole long recording may take: a few seconds on a
 * quiet machine, over 30 s when the machine also runs other suites (three CI runs at once, load
 * average 30, timed out at the default 30 s). A cap for a test that waits for its result, never a
 * wait of its own (docs/architecture.md#suite-time).
 */
export const LONG_RECORDING_TEST_MS = 180_000;

const RECIPE = {
  version: 2,
  GERMAN_TEXT,
  ENGLISH_TEXT,
  LONG_BLOCK_SECONDS,
  LONG_DURATION_SECONDS,
  // Keep in step with toneFrequency (its source text differs between transpilers).
  tone: '300 + 20 * block',
};

/** Speech formats the upload accepts, each made from the same German speech. */
export const SPEECH_FORMATS = ['mp3', 'm4a', 'mp4', 'wav', 'ogg', 'opus', 'webm', 'flac'] as const;
export type SpeechFormat = (typeof SPEECH_FORMATS)[number];

export interface AudioFixtures {
  dir: string;
  /** German speech (~7 s) in every accepted format. */
  german: Record<SpeechFormat, string>;
  /** English speech as MP3. */
  english: string;
  /** 25 minutes of tone blocks, 16 kHz mono MP3 at 24 kbit/s (~4.5 MB). */
  long: string;
  /** The German MP3 cut to 40 % of its bytes: its Xing header still promises the full length. */
  truncatedMp3: string;
  /** The first 100 bytes of the German MP3: not even one frame. */
  brokenMp3: string;
  /** A PNG image named .mp3. */
  pngAsMp3: string;
  /** Plain text named .mp3. */
  textAsMp3: string;
  /** A WAV header with no samples. */
  emptyWav: string;
}

const FILES: Omit<AudioFixtures, 'dir'> = {
  german: Object.fromEntries(SPEECH_FORMATS.map((f) => [f, `german.${f}`])) as Record<
    SpeechFormat,
    string
  >,
  english: 'english.mp3',
  long: 'long.mp3',
  truncatedMp3: 'truncated.mp3',
  brokenMp3: 'broken.mp3',
  pngAsMp3: 'image.mp3',
  textAsMp3: 'notes.mp3',
  emptyWav: 'empty.wav',
};

const ffmpeg = (...args: string[]) =>
  exec('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);

const ENCODERS: Record<SpeechFormat, string[]> = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '32k'],
  m4a: ['-c:a', 'aac', '-b:a', '48k'],
  // An audio-only MP4 (isom brand): file-type calls it video/mp4, ffprobe finds only audio.
  mp4: ['-c:a', 'aac', '-b:a', '48k', '-f', 'mp4'],
  wav: ['-c:a', 'pcm_s16le'],
  ogg: ['-c:a', 'libvorbis', '-q:a', '2'],
  opus: ['-c:a', 'libopus', '-b:a', '24k'],
  webm: ['-c:a', 'libopus', '-b:a', '24k', '-f', 'webm'],
  flac: ['-c:a', 'flac'],
};

/**
 * The tone blocks as PCM made here and piped into the MP3 encoder: about twice as fast as
 * ffmpeg's expression source. Each block starts its sine at phase zero.
 */
async function writeToneBlocks(path: string): Promise<void> {
  const rate = 16_000;
  const pcm = new Int16Array(rate * LONG_DURATION_SECONDS);
  const perBlock = rate * LONG_BLOCK_SECONDS;
  for (let i = 0; i < pcm.length; i++) {
    const block = Math.floor(i / perBlock);
    const t = (i - block * perBlock) / rate;
    pcm[i] = Math.round(16_000 * Math.sin(2 * Math.PI * toneFrequency(block) * t));
  }
  const child = spawn(
    'ffmpeg',
    [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(rate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
    ].concat(['-c:a', 'libmp3lame', '-b:a', '24k', path]),
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const exit = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}`)),
    );
  });
  child.stdin.end(Buffer.from(pcm.buffer));
  await exit;
}

async function generate(dir: string): Promise<void> {
  const speechDe = join(dir, 'speech-de.wav');
  await exec('espeak-ng', ['-v', 'de', '-s', '150', '-w', speechDe, GERMAN_TEXT]);
  const speechEn = join(dir, 'speech-en.wav');
  await exec('espeak-ng', ['-v', 'en', '-s', '150', '-w', speechEn, ENGLISH_TEXT]);
  await Promise.all(
    SPEECH_FORMATS.map((format) =>
      ffmpeg('-i', speechDe, ...ENCODERS[format], join(dir, FILES.german[format])),
    ),
  );
  await ffmpeg('-i', speechEn, ...ENCODERS.mp3, join(dir, FILES.english));

  await writeToneBlocks(join(dir, FILES.long));

  const mp3 = await readFile(join(dir, FILES.german.mp3));
  await writeFile(join(dir, FILES.truncatedMp3), mp3.subarray(0, Math.floor(mp3.length * 0.4)));
  await writeFile(join(dir, FILES.brokenMp3), mp3.subarray(0, 100));
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'color=c=red:s=16x16',
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    join(dir, FILES.pngAsMp3),
  );
  await writeFile(join(dir, FILES.textAsMp3), 'Dies ist keine Audiodatei.\n'.repeat(200));
  await ffmpeg(
    '-f',
    'lavfi',
    '-i',
    'anullsrc=r=16000:cl=mono',
    '-t',
    '0',
    '-c:a',
    'pcm_s16le',
    join(dir, FILES.emptyWav),
  );
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(RECIPE));
}

function resolveAll(dir: string): AudioFixtures {
  const at = (name: string) => join(dir, name);
  return {
    dir,
    german: Object.fromEntries(SPEECH_FORMATS.map((f) => [f, at(FILES.german[f])])) as Record<
      SpeechFormat,
      string
    >,
    english: at(FILES.english),
    long: at(FILES.long),
    truncatedMp3: at(FILES.truncatedMp3),
    brokenMp3: at(FILES.brokenMp3),
    pngAsMp3: at(FILES.pngAsMp3),
    textAsMp3: at(FILES.textAsMp3),
    emptyWav: at(FILES.emptyWav),
  };
}

let cached: Promise<AudioFixtures> | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The fixtures, made on first use. Test files run in parallel workers: the first takes a lock
 * folder and builds, the others wait for its manifest (a lock older than two minutes is taken to
 * be left over from a killed run).
 */
export function audioFixtures(): Promise<AudioFixtures> {
  cached ??= (async () => {
    const id = createHash('sha256').update(JSON.stringify(RECIPE)).digest('hex').slice(0, 12);
    const dir = join(tmpdir(), `protokoll-audio-${id}`);
    const lock = `${dir}.lock`;
    const ready = () =>
      stat(join(dir, 'manifest.json')).then(
        () => true,
        () => false,
      );
    for (;;) {
      if (await ready()) return resolveAll(dir);
      try {
        await mkdir(lock);
      } catch {
        const age = await stat(lock).then(
          (info) => Date.now() - info.mtimeMs,
          () => 0,
        );
        if (age > 120_000) await rmdir(lock).catch(() => {});
        await sleep(100);
        continue;
      }
      try {
        if (await ready()) return resolveAll(dir);
        const work = `${dir}.${randomBytes(4).toString('hex')}`;
        await mkdir(work, { recursive: true });
        try {
          await generate(work);
          await rm(dir, { recursive: true, force: true });
          await rename(work, dir);
        } catch (error) {
          await rm(work, { recursive: true, force: true });
          throw error;
        }
        return resolveAll(dir);
      } finally {
        await rmdir(lock).catch(() => {});
      }
    }
  })();
  return cached;
}

/** SHA-256 of a file, hex (what the OpenAI peer keys registered transcripts by). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
