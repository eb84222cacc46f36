import { describe, expect, it } from 'vitest';
import type { Summary } from './notes.ts';
import { nameSpeakers, summaryWithSpeakerNames } from './speakers.ts';

const names = { S1: 'Erika Müller', S2: 'Jonas' };

describe('nameSpeakers', () => {
  it('writes the names into owners written with labels', () => {
    expect(nameSpeakers('S1 / S2', names)).toBe('Erika Müller / Jonas');
    expect(nameSpeakers('S1, S2 und S3', names)).toBe('Erika Müller, Jonas und S3');
    expect(nameSpeakers('S2', names)).toBe('Jonas');
  });

  it('maps the spelled-out labels of either language', () => {
    expect(nameSpeakers('Sprecher 1 und Sprecherin 2', names)).toBe('Erika Müller und Jonas');
    expect(nameSpeakers('Speaker 2 asks speaker  1', names)).toBe('Jonas asks Erika Müller');
  });

  it('renames whole words only', () => {
    expect(nameSpeakers('S10 fragt PS1 und S1a, S1.', names)).toBe(
      'S10 fragt PS1 und S1a, Erika Müller.',
    );
    expect(nameSpeakers('Sprecher 12', names)).toBe('Sprecher 12');
    expect(nameSpeakers('Die S1-Bahn fährt, sagt S1-', names)).toBe(
      'Die S1-Bahn fährt, sagt Erika Müller-',
    );
    expect(nameSpeakers('A-S1 und (S2)', names)).toBe('A-S1 und (Jonas)');
  });

  it('leaves unnamed and blank-named speakers as written, and renames in one pass', () => {
    expect(nameSpeakers('S1 / S2', { S1: '  ', S2: '' })).toBe('S1 / S2');
    expect(nameSpeakers('S1 / S2', {})).toBe('S1 / S2');
    expect(nameSpeakers('S1 / S2', { S1: 'S2', S2: 'Jonas' })).toBe('S2 / Jonas');
  });

  it('renames labels that are not numbered', () => {
    expect(nameSpeakers('Moderator (A) fragt', { 'Moderator (A)': 'Petra' })).toBe('Petra fragt');
  });
});

describe('summaryWithSpeakerNames', () => {
  const summary: Summary = {
    title: 'Planung',
    overview: 'S1 stellt den Plan vor.',
    topics: [{ title: 'Budget', text: 'S2 widerspricht.', start: 1 }],
    decisions: [{ text: 'Sprecher 2 übernimmt die Leitung.', start: 2 }],
    action_items: [
      { task: 'Angebot einholen', owner: 'S1 / S2', due: '2025-03-14', start: 3 },
      { task: 'Protokoll prüfen', start: 4 },
    ],
    generator: 'llm',
  };

  it('names the speakers in every text of the summary and keeps the rest', () => {
    expect(summaryWithSpeakerNames(summary, names)).toEqual({
      title: 'Planung',
      overview: 'Erika Müller stellt den Plan vor.',
      topics: [{ title: 'Budget', text: 'Jonas widerspricht.', start: 1 }],
      decisions: [{ text: 'Jonas übernimmt die Leitung.', start: 2 }],
      action_items: [
        { task: 'Angebot einholen', owner: 'Erika Müller / Jonas', due: '2025-03-14', start: 3 },
        { task: 'Protokoll prüfen', start: 4 },
      ],
      generator: 'llm',
    });
    expect(summary.action_items[0]!.owner).toBe('S1 / S2');
  });

  it('passes no summary and no names through', () => {
    expect(summaryWithSpeakerNames(null, names)).toBeNull();
    expect(summaryWithSpeakerNames(summary, {})).toBe(summary);
  });
});
