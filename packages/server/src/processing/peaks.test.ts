// The level overview's decoder when its recording stops arriving: storage gone mid-stream (an S3
// connection cut) ends the measurement with the read error at once. Before, ffmpeg only got a
// SIGTERM with its stdin left open; with a 48 MB WAV read from S3 it went on waiting for the
// rest, and the job's transcribe stage (which waits for the overview) with it.
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { audioFixtures } from '../../../../tests/support/audio.ts';
import { computePeaks } from './peaks.ts';

describe('computePeaks', () => {
  it('measures a recording streamed whole', async () => {
    const bytes = await readFile((await audioFixtures()).german.wav);
    const peaks = await computePeaks({ stream: Readable.from([bytes]) });
    expect(peaks.durationSeconds).toBeGreaterThan(5);
    expect(peaks.peaks.length).toBeGreaterThan(0);
  });

  it('rejects with the read error when the stream breaks off, without waiting for more', async () => {
    const bytes = await readFile((await audioFixtures()).german.wav);
    const stream = new Readable({ read() {} });
    stream.push(bytes.subarray(0, bytes.length / 2));
    const measuring = computePeaks({ stream });
    // The decoder has the first half and waits for the rest; then the connection is cut.
    setImmediate(() => stream.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })));
    await expect(measuring).rejects.toThrow('aborted');
  });
});
