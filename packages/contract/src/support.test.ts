import { describe, expect, it } from 'vitest';
import deFaq from '../../../content/faq/de.json' with { type: 'json' };
import enFaq from '../../../content/faq/en.json' with { type: 'json' };
import { FaqFile, searchFaq, SupportBody } from './support.ts';

describe('support', () => {
  const body = {
    category: 'billing',
    subject: 'Rechnung',
    message: 'Bitte Rechnung an neue Adresse.',
  };

  it('accepts the contact form', () => {
    expect(SupportBody.safeParse(body).success).toBe(true);
  });

  it('rejects an unknown category and blank subject or message', () => {
    expect(SupportBody.safeParse({ ...body, category: 'spam' }).success).toBe(false);
    expect(SupportBody.safeParse({ ...body, subject: '  ' }).error?.issues[0]?.message).toBe(
      'validation.required',
    );
    const { message: _, ...withoutMessage } = body;
    expect(SupportBody.safeParse(withoutMessage).success).toBe(false);
  });
});

describe('FAQ', () => {
  const files = { de: deFaq, en: enFaq };

  it('has the same questions in both languages', () => {
    const de = FaqFile.parse(files.de);
    const en = FaqFile.parse(files.en);
    expect(de.map((entry) => entry.id)).toEqual(en.map((entry) => entry.id));
    expect(new Set(de.map((entry) => entry.id)).size).toBe(de.length);
  });

  it('finds entries holding every word, ignoring case and accents', () => {
    const de = FaqFile.parse(files.de);
    expect(searchFaq(de, '', 'de')).toHaveLength(de.length);
    expect(searchFaq(de, 'KÜNDIGE', 'de').map((e) => e.id)).toEqual(['cancel']);
    expect(searchFaq(de, 'kundige tarif', 'de').map((e) => e.id)).toEqual(['cancel']);
    expect(searchFaq(de, 'minuten team', 'de').map((e) => e.id)).toEqual(['privacy', 'teams']);
    expect(searchFaq(de, 'xylophon', 'de')).toEqual([]);
  });
});
