// The bounded length check of WAV and MP3 uploads: it takes a file whose header and size agree
// and whose end is audio, and hands everything else to the full packet scan, so refusals and
// lengths stay what the scan says.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFixtures, type AudioFixtures } from '../../../../tests/support/audio.ts';
import { AudioError, detectAudio, probeAudio } from './audio.ts';

const exec = promisify(execFile);
let fixtures: AudioFixtures;
let work: string;

beforeAll(async () => {
  fixtures = await audioFixtures();
  work = await mkdtemp(join(tmpdir(), 'audio-length-test-'));
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/** Twenty seconds of a tone (or of noise), encoded as `args` say. */
async function encode(name: string, args: string[], source = 'sine=f=440:d=20'): Promise<string> {
  const path = join(work, name);
  await exec('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    ...args,
    path,
  ]);
  return path;
}

async function variant(name: string, bytes: Buffer): Promise<string> {
  const path = join(work, name);
  await writeFile(path, bytes);
  return path;
}

/** The full scan's answer, for comparison: the same call without the detected type. */
const scanned = (path: string) => probeAudio(path);

describe('bounded length of WAV and MP3', () => {
  it('reads a PCM or float WAV from its header, to the same length as the scan', async () => {
    const float = await encode('float.wav', ['-c:a', 'pcm_f32le']);
    for (const path of [fixtures.german.wav, float]) {
      const probe = await probeAudio(path, undefined, { ext: 'wav' });
      expect(probe.lengthSource, path).toBe('header');
      expect(probe.durationSeconds).toBeCloseTo((await scanned(path)).durationSeconds, 2);
    }
  });

  it('reads an MP3 from its Info header or, without one, from a constant bitrate', async () => {
    const cbr = await encode('cbr.mp3', ['-c:a', 'libmp3lame', '-b:a', '64k', '-write_xing', '0']);
    // An ID3v1 tag at the end is not audio, and not a reason to scan.
    const tagged = await variant(
      'tagged.mp3',
      Buffer.concat([await readFile(cbr), Buffer.from('TAG'.padEnd(128, '\0'), 'latin1')]),
    );
    for (const path of [fixtures.german.mp3, fixtures.long, cbr, tagged]) {
      const probe = await probeAudio(path, undefined, { ext: 'mp3' });
      expect(probe.lengthSource, path).toBe('header');
      expect(probe.durationSeconds).toBeCloseTo((await scanned(path)).durationSeconds, 0);
    }
  });

  it('scans an MP3 at a varying bitrate without a header, to the length the scan finds', async () => {
    const vbr = await encode(
      'vbr.mp3',
      ['-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0'],
      'anoisesrc=color=pink:duration=20,volume=enable=between(t\\,5\\,12):volume=0',
    );
    const probe = await probeAudio(vbr, undefined, { ext: 'mp3' });
    expect(probe.lengthSource).toBe('packets');
    expect(probe.durationSeconds).toBeCloseTo(20, 0);
  });

  it('scans a WAV shorter than its header, and one whose header does not know its length', async () => {
    const wav = await readFile(fixtures.german.wav);
    const cut = await variant('cut.wav', wav.subarray(0, Math.floor(wav.length / 2)));
    const probe = await probeAudio(cut, undefined, { ext: 'wav' });
    expect(probe.lengthSource).toBe('packets');
    expect(probe.durationSeconds).toBeCloseTo(3.9, 0);

    const streamed = Buffer.from(wav);
    const data = streamed.indexOf('data', 12, 'latin1');
    streamed.writeUInt32LE(0xffffffff, data + 4);
    const unknown = await variant('streamed.wav', streamed);
    expect((await probeAudio(unknown, undefined, { ext: 'wav' })).lengthSource).toBe('packets');
  });

  it('refuses an MP3 whose Info header is right about its size but whose end is not audio', async () => {
    const mp3 = Buffer.from(await readFile(fixtures.german.mp3));
    mp3.fill(0, Math.floor(mp3.length * 0.5));
    const zeroed = await variant('zeroed.mp3', mp3);
    const error = await detectAudio(zeroed).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AudioError);
    expect((error as AudioError).reason).toBe('truncated');
  });

  it('measures an MP3 longer than its Info header says by its packets, never by the header', async () => {
    const joined = await variant(
      'joined.mp3',
      Buffer.concat([await readFile(fixtures.german.mp3), await readFile(fixtures.english)]),
    );
    const probe = (await detectAudio(joined)).probe;
    expect(probe.lengthSource).toBe('packets');
    expect(probe.durationSeconds).toBeGreaterThan(12);
  });

  it('still refuses a cut MP3 with the scan’s numbers', async () => {
    const error = await detectAudio(fixtures.truncatedMp3).then(
      () => undefined,
      (e: unknown) => e as AudioError,
    );
    expect(error?.reason).toBe('truncated');
    expect(error?.message).toMatch(/declares 7\.\d+ s but its audio ends after [23]\.\d+ s/);
  });
});
