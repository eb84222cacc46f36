// The built-in summariser and the prompt following an own template
// (docs/product.md#summary-templates).
import { builtInTemplate, type Template } from '@protokoll/contract';
import { describe, expect, it } from 'vitest';
import { germanSegments } from '../test/notes.ts';
import { extractiveSummary } from './extractive.ts';
import { buildMessages } from './summarise.ts';
import { applyTemplate, templateInstructions } from './templates.ts';

const minutes = builtInTemplate('minutes', 'de');
const own = (sections: Template['sections']): Template => ({
  ...minutes,
  id: 7,
  name: 'Jour fixe',
  built_in: false,
  updated_at: '2026-12-01T10:00:00.000Z',
  sections,
});
const [overview, decisions, actionItems, topics] = minutes.sections;

describe('an own template', () => {
  it('has the built-in summariser leave out its excluded sections and keep its headings and order', () => {
    const template = own([
      { ...actionItems!, heading: 'To-dos' },
      { ...overview!, included: false },
      { ...decisions!, included: false },
      { ...topics! },
    ]);
    const written = extractiveSummary(germanSegments, { language: 'de', structure: 'minutes' });
    const summary = applyTemplate(written, template);
    expect(summary.overview).toBe('');
    expect(summary.decisions).toEqual([]);
    expect(summary.action_items).toEqual(written.action_items);
    expect(summary.topics).toEqual(written.topics);
    // The built-in instructions unchanged: nothing it could not follow.
    expect(summary.template).toEqual({
      id: 7,
      name: 'Jour fixe',
      sections: [
        { key: 'action_items', heading: 'To-dos' },
        { key: 'topics', heading: 'Themen' },
      ],
    });
  });

  it('has the built-in summariser name the sections whose instructions it cannot follow', () => {
    const template = own([
      { ...overview!, instructions: 'Kurz, in einfacher Sprache.' },
      { ...decisions!, instructions: '' },
      { ...actionItems!, instructions: 'Mit Preis.' },
      topics!,
    ]);
    const summary = applyTemplate(
      extractiveSummary(germanSegments, { language: 'de', structure: 'minutes' }),
      template,
    );
    expect(summary.template?.unfollowed).toEqual(['overview', 'action_items']);
  });

  it('changes nothing for a built-in template', () => {
    const written = extractiveSummary(germanSegments, { language: 'de', structure: 'minutes' });
    expect(applyTemplate(written, minutes)).toEqual(written);
  });

  it('puts its sections, headings and instructions into the prompt in order, English too', () => {
    const template = own([
      { ...decisions!, heading: 'Vereinbarungen', instructions: 'Mit Preis und Termin.' },
      overview!,
      { ...actionItems!, included: false },
      topics!,
    ]);
    const german = templateInstructions(template, 'de');
    expect(german.split('\n')).toEqual([
      'Erstelle die Zusammenfassung nach der Vorlage „Jour fixe“. "topics" nennt die besprochenen Themen knapp. Die Abschnitte in dieser Reihenfolge, jeder nach seiner Anweisung:',
      '- "decisions" (Überschrift „Vereinbarungen“): Mit Preis und Termin.',
      `- "overview" (Überschrift „Überblick“): ${overview!.instructions}`,
      `- "topics" (Überschrift „Themen“): ${topics!.instructions}`,
      'Lass "action_items" leer (leere Liste, leerer Text).',
    ]);
    const [system] = buildMessages('[00:00] S1: Hallo', {
      structure: 'minutes',
      language: 'en',
      template,
    });
    expect(system!.content).toContain('Write the summary by the template “Jour fixe”.');
    expect(system!.content).toContain(
      '- "decisions" (heading “Vereinbarungen”): Mit Preis und Termin.',
    );
    expect(system!.content).toContain('Leave "action_items" empty');
    expect(system!.content).not.toContain('Write minutes of results');
  });
});
