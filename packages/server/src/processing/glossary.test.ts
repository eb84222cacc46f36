import type { Segment } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  correctTranscript,
  estimateTokens,
  nearMiss,
  PROMPT_TOKEN_LIMIT,
  type GlossaryEntry,
} from './glossary.ts';

const name = (term: string, variants: string[] = []): GlossaryEntry => ({
  term,
  kind: 'name',
  variants,
});
const product = (term: string, variants: string[] = []): GlossaryEntry => ({
  term,
  kind: 'product',
  variants,
});
const abbreviation = (term: string, variants: string[] = []): GlossaryEntry => ({
  term,
  kind: 'abbreviation',
  variants,
});
const line = (text: string, speaker = 'S1', start = 0): Segment => ({
  start,
  end: start + 5,
  speaker,
  text,
});

describe('near-miss matching', () => {
  it('takes sound-alike spellings of names and products', () => {
    expect(nearMiss('Meier', name('Maier'))).toBe(true);
    expect(nearMiss('Mayer', name('Maier'))).toBe(true);
    expect(nearMiss('Protokol', product('Protokoll'))).toBe(true);
    expect(nearMiss('Schmitt', name('Schmidt'))).toBe(true);
    expect(nearMiss('Kubernetis', product('Kubernetes'))).toBe(true);
  });

  it('leaves the term itself, short words, common words and other words alone', () => {
    expect(nearMiss('Maier', name('Maier'))).toBe(false);
    // Too short to be sure: "Jan" / "Jahn" / "Jens".
    expect(nearMiss('Jahn', name('Jan'))).toBe(false);
    // A common word that is one letter from a name.
    expect(nearMiss('diese', name('Diase'))).toBe(false);
    expect(nearMiss('Meter', name('Maier'))).toBe(false);
    expect(nearMiss('Müller', name('Maier'))).toBe(false);
    expect(nearMiss('Protest', product('Protokoll'))).toBe(false);
    // Same sound, another first letter: not sure enough.
    expect(nearMiss('Cubernetes', product('Kubernetes'))).toBe(false);
    // Two edits in a short word.
    expect(nearMiss('Mauern', name('Maier'))).toBe(false);
  });

  it('matches abbreviations only by case and by their spoken variants, never by sound', () => {
    expect(nearMiss('Dsgvo', abbreviation('DSGVO'))).toBe(true);
    expect(nearMiss('dsgvo', abbreviation('DSGVO'))).toBe(true);
    expect(nearMiss('APP', abbreviation('API'))).toBe(false);
    expect(nearMiss('AG', abbreviation('AGB'))).toBe(false);
    expect(nearMiss('Abi', abbreviation('API'))).toBe(false);
    expect(nearMiss('Ehpi', abbreviation('API', ['Ehpi']))).toBe(true);
  });

  it('names a case-only difference of a name no near-miss (a sentence may start with it)', () => {
    expect(nearMiss('anna', name('Anna'))).toBe(false);
  });
});

describe('correcting a transcript', () => {
  it('corrects each near-miss as a correction of its own, left to right', () => {
    const { segments, corrections } = correctTranscript(
      [
        line('Herr Meier hat das Protokol geschrieben, sagt Meier.'),
        line('Danke, das ist gut.', 'S2', 5),
      ],
      [name('Maier'), product('Protokoll')],
    );
    expect(segments[0]!.text).toBe('Herr Maier hat das Protokoll geschrieben, sagt Maier.');
    expect(segments[1]!.text).toBe('Danke, das ist gut.');
    expect(corrections.map(({ index, from, to }) => ({ index, from, to }))).toEqual([
      { index: 0, from: 'Meier', to: 'Maier' },
      { index: 0, from: 'Protokol', to: 'Protokoll' },
      { index: 0, from: 'Meier', to: 'Maier' },
    ]);
    // Each one's line before and after: the chain of the three.
    expect(corrections[0]!.before.text).toBe(
      'Herr Meier hat das Protokol geschrieben, sagt Meier.',
    );
    expect(corrections[1]!.before.text).toBe(corrections[0]!.after.text);
    expect(corrections[2]!.after.text).toBe(segments[0]!.text);
  });

  it('writes spoken variants, multi-word terms and spelt-out abbreviations the glossary way', () => {
    const { segments } = correctTranscript(
      [
        line('Wir nutzen Jira und Konfluenz, die D S G V O gilt, siehe Dsgvo.'),
        line('Das macht die Müller Logistik GmbH.'),
      ],
      [
        product('Confluence', ['Konfluenz']),
        abbreviation('DSGVO'),
        name('Müller-Logistik GmbH', ['Müller Logistik GmbH']),
      ],
    );
    expect(segments[0]!.text).toBe('Wir nutzen Jira und Confluence, die DSGVO gilt, siehe DSGVO.');
    expect(segments[1]!.text).toBe('Das macht die Müller-Logistik GmbH.');
  });

  it('does not correct random words to abbreviations or to short terms', () => {
    const text =
      'Die App ist ab heute in der AG verfügbar, Abi und Opa kommen mit, wie abgesprochen.';
    const { segments, corrections } = correctTranscript(
      [line(text)],
      [abbreviation('API'), abbreviation('AGB'), abbreviation('KI'), name('Ida'), name('Ole')],
    );
    expect(corrections).toEqual([]);
    expect(segments[0]!.text).toBe(text);
  });

  it('leaves a word two terms could mean', () => {
    const { corrections } = correctTranscript(
      [line('Frau Meier kommt.')],
      [name('Maier'), name('Meyer')],
    );
    expect(corrections).toEqual([]);
  });

  it('changes nothing without terms', () => {
    const segments = [line('Herr Meier.')];
    expect(correctTranscript(segments, [])).toEqual({ segments, corrections: [] });
  });
});

describe('the engine prompt', () => {
  it('lists folder terms first, then the user’s, each once', () => {
    const { prompt, included } = buildPrompt(
      [product('Protokoll'), name('Maier')],
      [name('maier'), abbreviation('DSGVO')],
    );
    expect(prompt).toBe('Protokoll, Maier, DSGVO.');
    expect(included).toEqual(['Protokoll', 'Maier', 'DSGVO']);
  });

  it('is empty without terms', () => {
    expect(buildPrompt([], []).prompt).toBe('');
  });

  it('stays within the token limit and keeps the first terms', () => {
    const many = Array.from({ length: 200 }, (_, i) => name(`Teilnehmerin${i}`));
    const { prompt, included, left } = buildPrompt([name('Maier')], many);
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(PROMPT_TOKEN_LIMIT);
    expect(included[0]).toBe('Maier');
    expect(included[1]).toBe('Teilnehmerin0');
    expect(left.length).toBeGreaterThan(0);
    expect(included.length + left.length).toBe(201);
  });

  it('estimates tokens on the high side', () => {
    // GPT-2-style BPE: "Protokoll" is 3 tokens, "DSGVO" 3; the estimate is never below.
    expect(estimateTokens('Protokoll')).toBeGreaterThanOrEqual(3);
    expect(estimateTokens('Protokoll, Maier, DSGVO.')).toBeGreaterThanOrEqual(9);
    expect(estimateTokens('Ärztekammer')).toBe(6);
  });
});
