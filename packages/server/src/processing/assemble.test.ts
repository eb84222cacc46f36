import { describe, expect, it } from 'vitest';
import { TranscriptAssembler } from './assemble.ts';
import type { ChunkPlan } from './audio.ts';
import { cleanSegments } from './clean.ts';
import { mergeTranscripts } from './merge.ts';
import type { Transcription } from './stt.ts';

const chunks: ChunkPlan[] = [
  { index: 0, start: 0, end: 20 },
  { index: 1, start: 17, end: 40 },
  { index: 2, start: 37, end: 60 },
];

const transcription = (
  segments: { start: number; end: number; text: string; speaker?: string }[],
  language = 'german',
): Transcription => ({
  text: segments.map((s) => s.text).join(' '),
  language,
  durationSeconds: 23,
  segments,
});

const results = new Map<number, Transcription>([
  [
    0,
    transcription([
      { start: 0, end: 8, text: 'Guten Morgen, äh, zusammen.' },
      { start: 8, end: 16, text: 'wir wir beginnen mit dem Budget.' },
      { start: 16, end: 20, text: 'Das Budget steigt um' },
    ]),
  ],
  [
    1,
    transcription([
      { start: 0, end: 5, text: 'Das Budget steigt um zehn Prozent.' },
      { start: 5, end: 12, text: 'Ähm.' },
      { start: 12, end: 20, text: 'also, Anna kümmert sich um den Bericht' },
      { start: 20, end: 23, text: 'und und' },
    ]),
  ],
  [
    2,
    transcription(
      [
        { start: 0, end: 3, text: 'und und den Rest.' },
        { start: 3, end: 23, text: 'Danke, bis nächste Woche.' },
      ],
      'english',
    ),
  ],
]);

describe('TranscriptAssembler', () => {
  it('merges and cleans results as they arrive, in any order, exactly as all at once', () => {
    const whole = cleanSegments(mergeTranscripts(chunks, results), { language: 'de' });
    for (const order of [
      [0, 1, 2],
      [2, 0, 1],
      [1, 2, 0],
    ]) {
      const assembler = new TranscriptAssembler(chunks, { clean: true, language: 'de' });
      for (const index of order) assembler.add(index, results.get(index)!);
      const assembled = assembler.finish();
      expect(assembled.segments, `order ${order.join(',')}`).toEqual(whole);
      expect(assembled.detectedLanguage).toBe('german');
      expect(assembled.speakerLabels).toBe(false);
    }
  });

  it('cleans at the end when the language has to be guessed from the whole text', () => {
    const assembler = new TranscriptAssembler(chunks, { clean: true, language: undefined });
    for (const index of [0, 1, 2]) assembler.add(index, results.get(index)!);
    expect(assembler.finish().segments).toEqual(
      cleanSegments(mergeTranscripts(chunks, results), { language: undefined }),
    );
  });

  it('keeps the verbatim transcript, and names the chunk a result is missing for', () => {
    const assembler = new TranscriptAssembler(chunks, { clean: false, language: 'de' });
    assembler.add(0, results.get(0)!);
    assembler.add(2, results.get(2)!);
    expect(() => assembler.finish()).toThrow(/chunk 1/);
    assembler.add(1, results.get(1)!);
    expect(assembler.finish().segments).toEqual(mergeTranscripts(chunks, results));
  });
});
