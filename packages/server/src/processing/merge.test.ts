import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Segment } from '@protokoll/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiPeer, type OpenAiPeer } from '../../../../tests/peers/openai.ts';
import {
  audioFixtures,
  LONG_BLOCK_SECONDS,
  LONG_DURATION_SECONDS,
  LONG_RECORDING_TEST_MS,
  type AudioFixtures,
} from '../../../../tests/support/audio.ts';
import { cutChunk, planChunks, prepareAudio, probeAudio, type ChunkPlan } from './audio.ts';
import { dominantLanguage, mergeTranscripts, sameText } from './merge.ts';
import { createSttClient, transcribeChunks, type Transcription } from './stt.ts';

const transcription = (
  segments: { start: number; end: number; text: string; speaker?: string }[],
  language = 'german',
): Transcription => ({
  text: segments.map((s) => s.text).join(' '),
  language,
  durationSeconds: segments.at(-1)?.end ?? 0,
  segments,
});

describe('mergeTranscripts', () => {
  const chunks: ChunkPlan[] = [
    { index: 0, start: 0, end: 20 },
    { index: 1, start: 17, end: 40 },
  ];

  it('shifts timestamps by the chunk start and keeps the overlap once', () => {
    const results = new Map([
      [
        0,
        transcription([
          { start: 0, end: 8, text: 'Guten Morgen zusammen.' },
          { start: 8, end: 16, text: 'Wir beginnen mit dem Budget.' },
          { start: 16, end: 20, text: 'Das Budget steigt um' },
        ]),
      ],
      [
        1,
        transcription([
          // The earlier chunk heard the start of this sentence only: the longer wording wins.
          { start: 0, end: 5, text: 'Das Budget steigt um zehn Prozent.' },
          { start: 5, end: 12, text: 'Anna kümmert sich um den Bericht.' },
          { start: 12, end: 23, text: 'Danke, bis nächste Woche.' },
        ]),
      ],
    ]);
    const merged = mergeTranscripts(chunks, results);
    expect(merged).toEqual([
      { start: 0, end: 8, speaker: 'S1', text: 'Guten Morgen zusammen.' },
      { start: 8, end: 16, speaker: 'S1', text: 'Wir beginnen mit dem Budget.' },
      { start: 16, end: 22, speaker: 'S1', text: 'Das Budget steigt um zehn Prozent.' },
      { start: 22, end: 29, speaker: 'S1', text: 'Anna kümmert sich um den Bericht.' },
      { start: 29, end: 40, speaker: 'S1', text: 'Danke, bis nächste Woche.' },
    ]);
    for (const segment of merged) expect(Segment.safeParse(segment).success).toBe(true);
  });

  it('keeps a passage in the overlap that the earlier chunk did not hear', () => {
    const results = new Map([
      [0, transcription([{ start: 0, end: 17, text: 'Erster Punkt der Tagesordnung.' }])],
      [
        1,
        transcription([
          { start: 0.5, end: 2.5, text: 'Kurze Zwischenfrage.' },
          { start: 3, end: 20, text: 'Zweiter Punkt.' },
        ]),
      ],
    ]);
    expect(mergeTranscripts(chunks, results).map((s) => s.text)).toEqual([
      'Erster Punkt der Tagesordnung.',
      'Kurze Zwischenfrage.',
      'Zweiter Punkt.',
    ]);
  });

  it('numbers speakers by first appearance, linking labels only across a proven overlap', () => {
    const results = new Map([
      [
        0,
        transcription([
          { start: 0, end: 8, text: 'Hallo, hier ist Erika.', speaker: 'SPEAKER_01' },
          { start: 8, end: 18, text: 'Und ich bin Jonas aus dem Vertrieb.', speaker: 'SPEAKER_00' },
        ]),
      ],
      [
        1,
        transcription([
          // The same sentence in the overlap: this chunk's B is the earlier chunk's SPEAKER_00.
          { start: 0, end: 1, text: 'Jonas aus dem Vertrieb.', speaker: 'B' },
          { start: 1, end: 10, text: 'Ich fange mit den Zahlen an.', speaker: 'B' },
          { start: 10, end: 20, text: 'Darf ich kurz unterbrechen?', speaker: 'A' },
        ]),
      ],
    ]);
    expect(mergeTranscripts(chunks, results).map((s) => s.speaker)).toEqual([
      'S1',
      'S2',
      'S2',
      // A was never heard in the overlap: a new speaker rather than a guess.
      'S3',
    ]);
  });

  it('gives a transcript without speaker labels one speaker', () => {
    const results = new Map([
      [0, transcription([{ start: 0, end: 5, text: 'Eins.' }])],
      [1, transcription([{ start: 5, end: 9, text: 'Zwei.' }], 'english')],
    ]);
    expect(new Set(mergeTranscripts(chunks, results).map((s) => s.speaker))).toEqual(
      new Set(['S1']),
    );
    expect(dominantLanguage(new Map([...results, [2, transcription([], 'english')]]))).toBe(
      'english',
    );
  });

  it('refuses to merge with a chunk missing', () => {
    expect(() => mergeTranscripts(chunks, new Map([[0, transcription([])]]))).toThrow(/chunk 1/);
  });
});

describe('sameText', () => {
  it('matches containment and near wording, not neighbouring blocks', () => {
    expect(sameText('Das Budget steigt um', 'das Budget steigt um zehn Prozent')).toBe(true);
    expect(sameText('Wir haben es beschlossen.', 'Wir haben das beschlossen')).toBe(true);
    expect(sameText('Block 37', 'Block 38')).toBe(false);
    expect(sameText('', 'Block 38')).toBe(false);
  });
});

describe('the long recording, chunked, transcribed by the peer and merged', () => {
  let peer: OpenAiPeer;
  let fixtures: AudioFixtures;
  let work: string;
  beforeAll(async () => {
    [peer, fixtures] = await Promise.all([startOpenAiPeer({ maxConcurrency: 2 }), audioFixtures()]);
    work = await mkdtemp(join(tmpdir(), 'merge-test-'));
  }, 60_000);
  afterAll(async () => {
    await peer?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    'keeps every block once, in order, at its true time',
    async () => {
      const probe = await probeAudio(fixtures.long);
      const prepared = await prepareAudio(fixtures.long, work);
      expect(prepared.durationSeconds).toBeCloseTo(probe.durationSeconds, 0);
      const plan = planChunks(prepared.durationSeconds, {
        bytesPerSecond: prepared.bytesPerSecond,
      });
      expect(plan).toHaveLength(3);
      const chunks = await Promise.all(
        plan.map(async (chunk) => ({ ...chunk, path: await cutChunk(prepared, chunk, work) })),
      );

      const stt = createSttClient({ baseUrl: `${peer.url}/v1`, model: 'whisper-1' });
      const results = await transcribeChunks(chunks, stt, { concurrency: 2 });
      expect(peer.peakConcurrency()).toBeLessThanOrEqual(2);
      expect(peer.requests.map((r) => r.status)).toEqual([200, 200, 200]);

      // Without the overlap handling the blocks at both borders would appear twice.
      const raw = [...results.values()].flatMap((r) => r.segments.map((s) => s.text));
      const blocks = LONG_DURATION_SECONDS / LONG_BLOCK_SECONDS;
      expect(raw.length).toBeGreaterThan(blocks);

      const merged = mergeTranscripts(plan, results);
      expect(merged.map((s) => s.text)).toEqual(
        Array.from({ length: blocks }, (_, k) => `Block ${k}`),
      );
      for (const [k, segment] of merged.entries()) {
        expect(Math.abs(segment.start - k * LONG_BLOCK_SECONDS)).toBeLessThanOrEqual(0.5);
        expect(Math.abs(segment.end - (k + 1) * LONG_BLOCK_SECONDS)).toBeLessThanOrEqual(0.5);
        if (k > 0) expect(segment.start).toBeGreaterThan(merged[k - 1]!.start);
      }
    },
    LONG_RECORDING_TEST_MS,
  );
});
