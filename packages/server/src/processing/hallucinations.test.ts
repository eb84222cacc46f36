// The hallucination filter on a fixture set of engine answers (fixtures/hallucinations/*.json):
// each holds a verbose_json answer as an engine sent it, the passages that must stay (real
// sentences among them) and the ones to be taken out with their reason.
import { readdirSync, readFileSync } from 'node:fs';
import type { RemovedSegmentReason } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { collapseLoops, filterHallucinations, isCredit } from './hallucinations.ts';
import { TranscriptMerger } from './merge.ts';
import { parseTranscription, type Transcription } from './stt.ts';

interface Fixture {
  description: string;
  answer: unknown;
  expected: { kept: string[]; removed: { text: string; reason: RemovedSegmentReason }[] };
}

const dir = new URL('./fixtures/hallucinations/', import.meta.url);
const fixtures = readdirSync(dir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as Fixture),
  }));

describe('filterHallucinations on engine answers', () => {
  it('has the fixture set', () => {
    expect(fixtures.map((f) => f.name).sort()).toEqual([
      'amara-en.json',
      'loops.json',
      'meeting-de.json',
      'outro-de.json',
      'repeats.json',
      'zdf-credits-de.json',
    ]);
  });

  it.each(fixtures)('$name: $description', ({ answer, expected }) => {
    const parsed = parseTranscription(JSON.stringify(answer));
    const { segments, removed } = filterHallucinations(parsed.segments);
    expect(segments.map((s) => s.text)).toEqual(expected.kept);
    expect(removed.map(({ text, reason }) => ({ text, reason }))).toEqual(expected.removed);
    // Every removed passage keeps its place in time.
    for (const entry of removed) {
      expect(parsed.segments.some((s) => s.start === entry.start && s.end === entry.end)).toBe(
        true,
      );
    }
  });
});

describe('isCredit', () => {
  it.each([
    'Untertitelung des ZDF, 2020',
    'Untertitel im Auftrag des ZDF, 2021',
    'Untertitel der Amara.org-Community',
    'Subtitles by the Amara.org community',
    'Vielen Dank fürs Zuschauen!',
    'Thanks for watching.',
    'Und bis zum nächsten Mal.',
  ])('takes out the whole passage %j', (text) => {
    expect(isCredit(text)).toBe(true);
  });

  it.each([
    'Wir danken dem ZDF für die Untertitelung des Beitrags.',
    'Vielen Dank fürs Zuschauen, jetzt zur Tagesordnung.',
    'Thanks for watching my dog.',
    'ZDF.',
    'Untertitel.',
    'Bis zum nächsten Mal klären wir das.',
    '',
  ])('keeps %j', (text) => {
    expect(isCredit(text)).toBe(false);
  });
});

describe('collapseLoops', () => {
  it('leaves a phrase said four times or more once, and keeps what follows', () => {
    expect(collapseLoops('Okay, okay. Ich bin, ich bin, ich bin, ich bin da.')).toBe(
      'Okay, okay. Ich bin da.',
    );
  });

  it('keeps three repetitions and a single word up to seven', () => {
    const three = 'Ich bin, ich bin, ich bin da.';
    const seven = 'ja ja ja ja ja ja ja';
    expect(collapseLoops(three)).toBe(three);
    expect(collapseLoops(seven)).toBe(seven);
    expect(collapseLoops(`${seven} ja`)).toBe('ja');
  });
});

describe('the merger filters every engine answer', () => {
  const answer = (segments: Transcription['segments']): Transcription => ({
    text: segments.map((s) => s.text).join(' '),
    language: 'german',
    durationSeconds: 600,
    segments,
  });

  it('lists what it took out in the recording’s seconds, once across an overlap', () => {
    const merger = new TranscriptMerger();
    merger.add(
      { index: 0, start: 0, end: 603 },
      answer([
        { start: 0, end: 5, text: 'Wir fangen an.' },
        { start: 598, end: 603, text: 'Untertitelung des ZDF, 2020' },
      ]),
    );
    merger.add(
      { index: 1, start: 600, end: 1200 },
      answer([
        { start: 0, end: 3, text: 'Untertitelung des ZDF, 2020' },
        { start: 10, end: 15, text: 'Weiter mit dem Budget.' },
      ]),
    );
    expect(merger.segments().segments.map((s) => s.text)).toEqual([
      'Wir fangen an.',
      'Weiter mit dem Budget.',
    ]);
    expect(merger.removed()).toEqual([
      { start: 598, end: 603, text: 'Untertitelung des ZDF, 2020', reason: 'credit' },
    ]);
  });
});
