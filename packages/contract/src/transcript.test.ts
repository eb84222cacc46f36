import { describe, expect, it } from 'vitest';
import {
  applyTranscriptChange,
  EditTranscriptBody,
  findInTranscript,
  revertSplice,
  revisionLines,
} from './transcript.ts';

const segments = [
  { start: 0, end: 10, speaker: 'S1', text: 'Herr Meier begrüßt alle.' },
  { start: 10, end: 20, speaker: 'S2', text: 'Danke, Herr meier.' },
  { start: 20, end: 30, speaker: 'S1', text: 'Die Meiers sind da.' },
];

describe('find in a transcript', () => {
  it('finds every hit in order, case and whole words as asked', () => {
    expect(findInTranscript(segments, { find: 'meier' })).toEqual([
      { index: 0, from: 5, to: 10 },
      { index: 1, from: 12, to: 17 },
      { index: 2, from: 4, to: 9 },
    ]);
    expect(
      findInTranscript(segments, { find: 'Meier', match_case: true, whole_words: true }),
    ).toEqual([{ index: 0, from: 5, to: 10 }]);
    expect(findInTranscript(segments, { find: '.*' })).toEqual([]);
    expect(findInTranscript(segments, { find: '  ' })).toEqual([]);
  });
});

describe('a change and its undo', () => {
  it('is one splice that reverts to the transcript before', () => {
    for (const change of [
      { type: 'text', index: 1, text: 'Danke, Herr Maier.' },
      { type: 'speaker', index: 0, speaker: 'S2', scope: 'following' },
      { type: 'merge', index: 0 },
      { type: 'split', index: 2, offset: 4 },
      { type: 'replace', find: 'meier', replace: 'Maier', match_case: false, whole_words: true },
    ] as const) {
      const edit = applyTranscriptChange(segments, change);
      if (!edit.ok) throw new Error(`${change.type}: ${edit.refusal}`);
      expect(revertSplice(edit.segments, edit.splice), change.type).toEqual(segments);
      expect(revisionLines(edit.splice).length, change.type).toBeGreaterThan(0);
    }
  });

  it('from here on renames only the later lines of the same speaker', () => {
    const edit = applyTranscriptChange(segments, {
      type: 'speaker',
      index: 0,
      speaker: 'S3',
      scope: 'following',
    });
    expect(edit.ok && edit.segments.map((s) => s.speaker)).toEqual(['S3', 'S2', 'S3']);
    expect(edit.ok && revisionLines(edit.splice)[0]).toMatchObject({
      speaker: 'S3',
      before_speaker: 'S1',
    });
  });

  it('refuses what does not fit', () => {
    const refusal = (change: Parameters<typeof applyTranscriptChange>[1]) => {
      const edit = applyTranscriptChange(segments, change);
      return edit.ok ? 'made' : edit.refusal;
    };
    expect(refusal({ type: 'text', index: 3, text: 'x' })).toBe('noteTools.edit.lineMissing');
    expect(refusal({ type: 'merge', index: 2 })).toBe('noteTools.edit.nothingToMerge');
    expect(refusal({ type: 'split', index: 0, offset: 24 })).toBe('noteTools.edit.splitOutside');
    expect(refusal({ type: 'text', index: 0, text: 'Herr Meier begrüßt alle.' })).toBe(
      'noteTools.edit.unchanged',
    );
    expect(
      refusal({
        type: 'replace',
        find: 'Müller',
        replace: 'x',
        match_case: false,
        whole_words: false,
      }),
    ).toBe('noteTools.edit.noMatch');
    // An undo finds its lines changed since: it does not apply.
    const edit = applyTranscriptChange(segments, { type: 'merge', index: 0 });
    if (!edit.ok) throw new Error(edit.refusal);
    expect(revertSplice(segments, edit.splice)).toBeUndefined();
  });

  it('parses a body with the defaults of find', () => {
    expect(
      EditTranscriptBody.parse({
        base_version: 2,
        change: { type: 'replace', find: 'a', replace: '' },
      }),
    ).toEqual({
      base_version: 2,
      change: { type: 'replace', find: 'a', replace: '', match_case: false, whole_words: false },
    });
    expect(
      EditTranscriptBody.safeParse({
        base_version: 0,
        change: { type: 'speaker', index: 0, speaker: 'Anna', scope: 'line' },
      }).success,
    ).toBe(false);
  });
});
