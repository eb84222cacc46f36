import { hasAudioSignature } from '@protokoll/contract';
import { createReadStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  audioFixtures,
  SPEECH_FORMATS,
  type AudioFixtures,
} from '../../../../tests/support/audio.ts';
import {
  AudioError,
  AudioToolError,
  cutChunk,
  cutChunks,
  detectAudio,
  MAX_CHUNK_BYTES,
  planChunks,
  prepareAudio,
  probeAudio,
  sniffAudio,
  SNIFF_BYTES,
} from './audio.ts';

let fixtures: AudioFixtures;
let work: string;
beforeAll(async () => {
  fixtures = await audioFixtures();
  work = await mkdtemp(join(tmpdir(), 'audio-test-'));
}, 60_000);
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

async function refusal(promise: Promise<unknown>): Promise<AudioError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AudioError);
  return error as AudioError;
}

describe('detectAudio', () => {
  const expected: Record<string, string> = {
    mp3: 'mp3',
    m4a: 'm4a',
    mp4: 'mp4',
    wav: 'wav',
    ogg: 'ogg',
    opus: 'opus',
    webm: 'webm',
    flac: 'flac',
  };

  it.each(SPEECH_FORMATS)('accepts German speech as %s, by content, with its length', async (f) => {
    const detected = await detectAudio(fixtures.german[f]);
    expect(detected.ext).toBe(expected[f]);
    expect(detected.probe.hasAudioStream).toBe(true);
    // espeak-ng says the three sentences in about 7.8 s; every codec keeps that within a frame.
    expect(detected.probe.durationSeconds).toBeGreaterThan(7.5);
    expect(detected.probe.durationSeconds).toBeLessThan(8.1);
  });

  it('refuses a PNG named .mp3 and text named .mp3 as not audio', async () => {
    const png = await refusal(detectAudio(fixtures.pngAsMp3));
    expect(png.reason).toBe('notAudio');
    expect(png.key).toBe('processing.audio.notAudio');
    expect(png.code).toBe('unsupportedAudio');
    expect((await refusal(detectAudio(fixtures.textAsMp3))).reason).toBe('notAudio');
  });

  it('refuses an MP3 cut short although ffprobe still reports its full length', async () => {
    // The Xing header of the cut file still declares ~7.8 s: ffprobe alone would accept it.
    const error = await refusal(detectAudio(fixtures.truncatedMp3));
    expect(error.reason).toBe('truncated');
    expect(error.message).toMatch(/declares 7\.\d+ s but its audio ends after [23]\.\d+ s/);
  });

  it('refuses an MP3 without a single readable frame as unreadable', async () => {
    expect((await refusal(detectAudio(fixtures.brokenMp3))).reason).toBe('unreadable');
  });

  it('refuses a WAV without samples as empty', async () => {
    expect((await refusal(detectAudio(fixtures.emptyWav))).reason).toBe('empty');
  });
});

describe('probeAudio', () => {
  it('reports a readable file without audio instead of refusing it', async () => {
    const probe = await probeAudio(fixtures.pngAsMp3);
    expect(probe).toMatchObject({
      hasAudioStream: false,
      hasVideoStream: true,
      durationSeconds: 0,
    });
  });

  it('measures the long recording', async () => {
    const probe = await probeAudio(fixtures.long);
    expect(probe.formatName).toBe('mp3');
    expect(probe.durationSeconds).toBeCloseTo(1500, 0);
  });
});

describe('sniffAudio', () => {
  it('recognises audio from the first bytes and refuses an image', async () => {
    const mp3 = (await readFile(fixtures.german.mp3)).subarray(0, SNIFF_BYTES);
    expect(await sniffAudio(mp3)).toEqual({ ext: 'mp3', mime: 'audio/mpeg' });
    const png = await readFile(fixtures.pngAsMp3);
    expect((await refusal(sniffAudio(png))).reason).toBe('notAudio');
  });

  it.each(SPEECH_FORMATS)(
    "agrees with the browser's pre-check (hasAudioSignature) on %s and on what is not audio",
    async (f) => {
      expect(hasAudioSignature(await readFile(fixtures.german[f]))).toBe(true);
      expect(hasAudioSignature(await readFile(fixtures.pngAsMp3))).toBe(false);
      expect(hasAudioSignature(await readFile(fixtures.textAsMp3))).toBe(false);
    },
  );
});

describe('prepareAudio and cutChunk', () => {
  it('turn any accepted file into 16 kHz mono FLAC and cut it sample-exactly', async () => {
    const prepared = await prepareAudio(fixtures.german.m4a, join(work, 'm4a'));
    expect(prepared.path).toMatch(/prepared\.flac$/);
    const probe = await probeAudio(prepared.path);
    expect(probe).toMatchObject({ codecName: 'flac', sampleRate: 16000, channels: 1 });
    expect(prepared.durationSeconds).toBeCloseTo(7.8, 0);
    expect(prepared.bytesPerSecond).toBeGreaterThan(1000);
    expect(prepared.bytesPerSecond).toBeLessThan(32_100);

    const chunk = { index: 1, start: 2.5, end: 6 };
    const path = await cutChunk(prepared, chunk, join(work, 'm4a', 'chunks'));
    expect(path).toMatch(/chunk-0001\.flac$/);
    expect((await probeAudio(path)).durationSeconds).toBeCloseTo(3.5, 2);
  });

  it('drops the video of a screen recording', async () => {
    const prepared = await prepareAudio(fixtures.german.webm, join(work, 'webm'));
    expect((await probeAudio(prepared.path)).hasVideoStream).toBe(false);
  });
});

describe('cutChunks', () => {
  it('cuts overlapping chunks while decoding, byte for byte what preparing and cutting give', async () => {
    const dir = join(work, 'stream-same');
    const prepared = await prepareAudio(fixtures.german.wav, join(dir, 'prepared'));
    const plan = [
      { index: 0, start: 0, end: 3 },
      { index: 1, start: 2, end: 5.5 },
      { index: 2, start: 4.5, end: prepared.durationSeconds },
    ];
    const cutter = cutChunks({ stream: createReadStream(fixtures.german.wav) }, plan, dir);
    try {
      for (const chunk of plan) {
        const streamed = await cutter.file(chunk.index);
        const cut = await cutChunk(prepared, chunk, join(dir, 'cut'));
        expect(streamed, `chunk ${chunk.index}`).toBeDefined();
        expect(
          (await readFile(streamed!)).equals(await readFile(cut)),
          `chunk ${chunk.index}`,
        ).toBe(true);
      }
    } finally {
      await cutter.stop();
    }
  });

  it('keeps at most `ahead` chunk files until the caller releases them', async () => {
    const dir = join(work, 'stream-ahead');
    const plan = [
      { index: 0, start: 0, end: 3 },
      { index: 1, start: 2.5, end: 5.5 },
      { index: 2, start: 5, end: 7.8 },
    ];
    const cutter = cutChunks({ path: fixtures.german.ogg }, plan, dir, { ahead: 1 });
    try {
      const first = await cutter.file(0);
      // Chunk 1 overlaps chunk 0, so it is being written; chunk 2 waits for room.
      expect(await readdir(dir)).not.toContain('chunk-0002.flac');
      await rm(first!);
      cutter.release(0);
      const second = await cutter.file(1);
      expect(second).toMatch(/chunk-0001\.flac$/);
      await rm(second!);
      cutter.release(1);
      expect((await probeAudio((await cutter.file(2))!)).durationSeconds).toBeCloseTo(2.8, 0);
    } finally {
      await cutter.stop();
    }
  });

  it('answers nothing for a chunk the recording ends before, and refuses a recording without samples', async () => {
    const dir = join(work, 'stream-short');
    const cutter = cutChunks(
      { path: fixtures.german.mp3 },
      [
        { index: 0, start: 0, end: 8 },
        { index: 1, start: 7.95, end: 20 },
        { index: 2, start: 19, end: 30 },
      ],
      dir,
    );
    try {
      expect(await cutter.file(0)).toMatch(/chunk-0000\.flac$/);
      expect(await cutter.file(1)).toBeUndefined();
      expect(await cutter.file(2)).toBeUndefined();
    } finally {
      await cutter.stop();
    }
    const empty = cutChunks({ path: fixtures.emptyWav }, [{ index: 0, start: 0, end: 1 }], dir);
    const failure = await empty.file(0).catch((error: unknown) => error);
    await empty.stop();
    expect(failure).toBeInstanceOf(Error);
    expect(failure instanceof AudioError || failure instanceof AudioToolError).toBe(true);
  });

  it('fails every chunk when the recording cannot be decoded', async () => {
    const dir = join(work, 'stream-broken');
    const cutter = cutChunks({ path: fixtures.pngAsMp3 }, [{ index: 0, start: 0, end: 5 }], dir);
    await expect(cutter.file(0)).rejects.toBeInstanceOf(AudioToolError);
    await cutter.stop();
  });

  it('stops on request: waits for its tools to exit, rejects the chunks not cut yet', async () => {
    const dir = join(work, 'stream-stop');
    const plan = [
      { index: 0, start: 0, end: 600 },
      { index: 1, start: 597, end: 1200 },
      { index: 2, start: 1197, end: 1500 },
    ];
    const cutter = cutChunks({ path: fixtures.long }, plan, dir, { ahead: 1 });
    // Not released: chunk 1 is still being written when the cut stops.
    expect(await cutter.file(0)).toMatch(/chunk-0000\.flac$/);
    await cutter.stop();
    await expect(cutter.file(1)).rejects.toThrow();
    await expect(cutter.file(2)).rejects.toThrow();
    expect(await readdir(dir)).not.toContain('chunk-0002.flac');
  });
});

describe('planChunks', () => {
  const covers = (chunks: { start: number; end: number }[], duration: number) => {
    expect(chunks[0]?.start).toBe(0);
    expect(chunks.at(-1)?.end).toBe(duration);
    for (let i = 1; i < chunks.length; i++) {
      expect(chunks[i]!.start).toBeLessThan(chunks[i - 1]!.end);
    }
  };

  it('keeps exactly ten minutes in one chunk', () => {
    expect(planChunks(600)).toEqual([{ index: 0, start: 0, end: 600 }]);
  });

  it('splits ten minutes and one second into two equal chunks overlapping by 3 s', () => {
    expect(planChunks(601)).toEqual([
      { index: 0, start: 0, end: 302 },
      { index: 1, start: 299, end: 601 },
    ]);
  });

  it('keeps every chunk of a two-hour recording at most ten minutes long', () => {
    const chunks = planChunks(7200, { overlapSeconds: 4 });
    expect(chunks).toHaveLength(13);
    covers(chunks, 7200);
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.index).toBe(i);
      expect(chunk.end - chunk.start).toBeLessThanOrEqual(600);
      if (i > 0) expect(chunks[i - 1]!.end - chunk.start).toBeCloseTo(4, 3);
    }
  });

  it('makes chunks shorter when their estimated size would pass the byte limit', () => {
    // 64 kB/s (e.g. noisy 32 kHz audio) would make ten minutes 38 MB.
    const bytesPerSecond = 64_000;
    const chunks = planChunks(1200, { bytesPerSecond });
    expect(chunks.length).toBeGreaterThan(2);
    covers(chunks, 1200);
    for (const chunk of chunks) {
      expect((chunk.end - chunk.start) * bytesPerSecond).toBeLessThan(MAX_CHUNK_BYTES);
    }
    expect(planChunks(1200, { bytesPerSecond: 1000 })).toHaveLength(3);
  });

  it('starts a long recording with lead chunks that double, then splits the rest evenly', () => {
    const chunks = planChunks(7200, { leadChunkSeconds: 30 });
    covers(chunks, 7200);
    const lengths = chunks.map((chunk) => Math.round(chunk.end - chunk.start));
    expect(lengths.slice(0, 5)).toEqual([30, 60, 120, 240, 480]);
    const rest = lengths.slice(5);
    expect(rest).toHaveLength(11);
    for (const length of rest) {
      expect(length).toBeLessThanOrEqual(600);
      expect(Math.abs(length - rest[0]!)).toBeLessThanOrEqual(1);
    }
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.index).toBe(i);
      if (i > 0) expect(chunks[i - 1]!.end - chunk.start).toBeCloseTo(3, 3);
    }
  });

  it('stops the lead chunks where less than a full chunk would remain after them', () => {
    // 25 minutes: 30, 60, 120, 240 s; a 480-second one would leave only 585 s.
    const chunks = planChunks(1500, { leadChunkSeconds: 30 });
    covers(chunks, 1500);
    expect(chunks.map((chunk) => Math.round(chunk.end - chunk.start))).toEqual([
      30, 60, 120, 240, 533, 533,
    ]);
    // A recording that fits one chunk stays one chunk.
    expect(planChunks(600, { leadChunkSeconds: 30 })).toEqual([{ index: 0, start: 0, end: 600 }]);
    // Lead chunks are never longer than the size limit allows.
    for (const chunk of planChunks(3600, { leadChunkSeconds: 30, bytesPerSecond: 64_000 })) {
      expect((chunk.end - chunk.start) * 64_000).toBeLessThan(MAX_CHUNK_BYTES);
    }
  });

  it('plans nothing for nothing, and refuses an overlap as long as a chunk', () => {
    expect(planChunks(0)).toEqual([]);
    expect(() => planChunks(100, { maxChunkSeconds: 5, overlapSeconds: 3 })).toThrow(RangeError);
  });
});
