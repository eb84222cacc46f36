import { describe, expect, it } from 'vitest';
import { extractiveLanguage, languageCode, spokenLanguage } from './language.ts';

const english = [
  { start: 0, end: 4, speaker: 'S1', text: 'We decided to move the launch to next week.' },
];

describe('the language of a built-in summary', () => {
  it('reads the names and codes engines report', () => {
    expect(languageCode('german')).toBe('de');
    expect(languageCode('English')).toBe('en');
    expect(languageCode('de-AT')).toBe('de');
    expect(languageCode('klingon')).toBeUndefined();
    expect(languageCode(undefined)).toBeUndefined();
  });

  it('takes the spoken language from the upload, else the engine, else the words', () => {
    expect(spokenLanguage('fr', 'english', english)).toBe('fr');
    expect(spokenLanguage('auto', 'german', english)).toBe('de');
    expect(spokenLanguage('auto', undefined, english)).toBe('en');
    expect(spokenLanguage('auto', undefined, [])).toBeUndefined();
  });

  it('is the spoken one, and names the one asked for when they differ', () => {
    expect(extractiveLanguage('de', 'en')).toEqual({ language: 'en', requested: 'de' });
    expect(extractiveLanguage('de-AT', 'de')).toEqual({ language: 'de-AT' });
    expect(extractiveLanguage('de', undefined)).toEqual({ language: 'de' });
  });
});
