import { execFile } from 'node:child_process';
import { mkdir, rename, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { audioFixtures } from '../../support/audio.ts';

const exec = promisify(execFile);

/**
 * The spoken German fixture (espeak-ng, made at test time) looped to `seconds`, as a 32 kbit/s
 * MP3 named `name`. Made once per machine; parallel workers write to their own partial file and
 * rename it into place.
 */
export async function loopedSpeech(seconds: number, name: string): Promise<string> {
  const dir = join(tmpdir(), 'protokoll-e2e-recordings');
  const path = join(dir, `${name}-${seconds}s.mp3`);
  const made = await stat(path).then(
    (info) => info.size > 0,
    () => false,
  );
  if (made) return path;
  const fixtures = await audioFixtures();
  await mkdir(dir, { recursive: true });
  const partial = `${path}.${process.pid}.mp3`;
  await exec('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    fixtures.german.wav,
    '-t',
    String(seconds),
    '-c:a',
    'libmp3lame',
    '-b:a',
    '32k',
    partial,
  ]);
  await rename(partial, path);
  return path;
}
