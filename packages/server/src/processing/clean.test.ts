import { describe, expect, it } from 'vitest';
import { cleanSegments, cleanText } from './clean.ts';

describe('cleanText, German', () => {
  it.each([
    [
      'Äh, wir haben, ähm, beschlossen, dass wir wir das Budget erhöhen.',
      'Wir haben beschlossen, dass wir das Budget erhöhen.',
    ],
    ['Also, ich ich glaube, das ist ähm gut.', 'Ich glaube, das ist gut.'],
    [
      'Er sagt, wir ge- gehen morgen. Hm. das ist   gut ,oder?',
      'Er sagt, wir gehen morgen. Das ist gut, oder?',
    ],
    [
      'in der in der Besprechung, öhm, haben wir das vertagt',
      'In der Besprechung haben wir das vertagt',
    ],
    ['Mhm, genau, äh… so machen wir das.', 'Genau, so machen wir das.'],
  ])('%s → %s', (input, output) => {
    expect(cleanText(input, { language: 'de' })).toBe(output);
  });

  it('keeps German words that are English fillers, and grammatical doubles', () => {
    expect(cleanText('Wir treffen uns um 10 Uhr, er kommt auch.', { language: 'de' })).toBe(
      'Wir treffen uns um 10 Uhr, er kommt auch.',
    );
    expect(cleanText('Die Frau, die die Katze füttert, ist da.', { language: 'de' })).toBe(
      'Die Frau, die die Katze füttert, ist da.',
    );
    expect(cleanText('Vor- und Nachteile, äh, haben wir besprochen.', { language: 'de' })).toBe(
      'Vor- und Nachteile haben wir besprochen.',
    );
    expect(cleanText('Also ist das klar.', { language: 'de' })).toBe('Also ist das klar.');
  });

  it('empties a passage that was only hesitation', () => {
    expect(cleanText('Ähm.', { language: 'de' })).toBe('');
    expect(cleanText('Hm, hm…', { language: 'de' })).toBe('');
  });
});

describe('cleanText, English', () => {
  it.each([
    ['Um, so I I think we should, uh, you know, move on.', 'So I think we should move on.'],
    ['We agreed, like, to ship it by Friday, you know.', 'We agreed to ship it by Friday.'],
    ['I- I mean, the the report is er done.', 'The report is done.'],
    ['you know, i was there. uh.', 'I was there.'],
  ])('%s → %s', (input, output) => {
    expect(cleanText(input, { language: 'en-GB' })).toBe(output);
  });

  it('keeps "you know" when it is meant', () => {
    expect(cleanText('Do you know the way to the station?', { language: 'en' })).toBe(
      'Do you know the way to the station?',
    );
  });

  it('guesses the language when it is auto', () => {
    expect(cleanText('Um, we meet at 10.', { language: 'auto' })).toBe('We meet at 10.');
    expect(cleanText('Wir treffen uns um 10 Uhr und er ist dabei.', { language: 'auto' })).toBe(
      'Wir treffen uns um 10 Uhr und er ist dabei.',
    );
  });
});

describe('cleanSegments', () => {
  it('drops empty passages and capitalises only where a sentence starts', () => {
    const segments = [
      { start: 0, end: 1, speaker: 'S1', text: 'Äh.' },
      { start: 1, end: 2, speaker: 'S1', text: 'wir wir gehen' },
      { start: 2, end: 3, speaker: 'S2', text: 'jetzt los, ähm, zum Bahnhof.' },
      { start: 3, end: 4, speaker: 'S2', text: 'ähm danach essen.' },
    ];
    expect(cleanSegments(segments, { language: 'de' })).toEqual([
      { start: 1, end: 2, speaker: 'S1', text: 'Wir gehen' },
      { start: 2, end: 3, speaker: 'S2', text: 'jetzt los zum Bahnhof.' },
      { start: 3, end: 4, speaker: 'S2', text: 'Danach essen.' },
    ]);
  });
});
