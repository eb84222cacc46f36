import { describe, expect, it } from 'vitest';
import { GlossaryTermInput } from './glossary.ts';
import { suggestSpeakerNames } from './speaker-suggestions.ts';
import type { Segment } from './notes.ts';

let time = 0;
const line = (speaker: string, text: string): Segment => {
  time += 5;
  return { start: time, end: time + 5, speaker, text };
};

describe('speaker names from the transcript', () => {
  it('names the speaker thanked after a change, and the one asked before a change', () => {
    const segments = [
      line('S1', 'Die Zahlen für das dritte Quartal liegen vor.'),
      line('S2', 'Danke, Anna. Jonas, was meinst du?'),
      line('S3', 'Ich bin einverstanden.'),
    ];
    // "Jonas, …?" is not at the start of the line: no suggestion from it.
    expect(suggestSpeakerNames(segments)).toEqual([
      { speaker: 'S1', name: 'Anna', index: 1, evidence: 'Danke, Anna.' },
    ]);
    const asked = [
      line('S1', 'Gut.'),
      line('S2', 'Jonas, was meinst du dazu?'),
      line('S3', 'Ich bin einverstanden.'),
      line('S1', 'Vielen Dank, Jonas!'),
    ];
    expect(suggestSpeakerNames(asked)).toEqual([
      { speaker: 'S3', name: 'Jonas', index: 1, evidence: 'Jonas, was meinst du dazu?' },
    ]);
  });

  it('reads English too, and never the line’s own speaker or a word that is no name', () => {
    expect(
      suggestSpeakerNames([
        line('S1', 'The launch moves to May.'),
        line('S2', 'Thanks, Tom.'),
        line('S2', 'Danke, Tom.'),
        line('S1', 'Danke, Leute.'),
        line('S2', 'Ja, genau?'),
        line('S1', 'Gut.'),
      ]),
    ).toEqual([{ speaker: 'S1', name: 'Tom', index: 1, evidence: 'Thanks, Tom.' }]);
  });

  it('suggests nothing for a named speaker, nor a name already given, nor without a change', () => {
    const segments = [line('S1', 'Wir fangen an.'), line('S2', 'Danke, Anna.')];
    expect(suggestSpeakerNames(segments, { S1: 'Anna Maier' })).toEqual([]);
    expect(suggestSpeakerNames(segments, { S3: 'Anna' })).toEqual([]);
    expect(suggestSpeakerNames([line('S1', 'Los geht’s.'), line('S1', 'Danke, Anna.')])).toEqual(
      [],
    );
  });
});

describe('a glossary term as written', () => {
  it('trims, drops empty variants and repeats, and refuses too many', () => {
    expect(
      GlossaryTermInput.parse({ term: ' Maier ', kind: 'name', variants: [' Meier', '', 'Meier'] }),
    ).toEqual({ term: 'Maier', kind: 'name', variants: ['Meier'], note: '' });
    const many = GlossaryTermInput.safeParse({
      term: 'Maier',
      kind: 'name',
      variants: ['a', 'b', 'c', 'd', 'e', 'f'],
    });
    expect(many.error?.issues[0]?.message).toBe('glossary.tooManyVariants');
  });
});
