import { describe, expect, it } from 'vitest';
import { ResummariseBody, TemplateRef, UploadNoteBody } from './notes.ts';
import {
  builtInTemplate,
  sectionsRefusal,
  structureSections,
  summaryTemplateOf,
  templateEndpoints,
  UpdateTemplateBody,
} from './templates.ts';

describe('summary templates', () => {
  it('name a built-in template by its structure and an own one by its number', () => {
    expect(TemplateRef.parse('minutes')).toBe('minutes');
    expect(TemplateRef.parse('42')).toBe(42);
    expect(TemplateRef.safeParse('jour-fixe').success).toBe(false);
    expect(TemplateRef.safeParse('0').success).toBe(false);
    expect(ResummariseBody.shape.template.safeParse(undefined).success).toBe(true);
    expect(UploadNoteBody.shape.template.parse('7')).toBe(7);
  });

  it('have each structure’s sections, in German and English', () => {
    expect(structureSections('minutes')).toEqual([
      'overview',
      'decisions',
      'action_items',
      'topics',
    ]);
    expect(structureSections('interview')).toEqual(['overview', 'qa', 'decisions', 'action_items']);
    expect(builtInTemplate('detailed', 'de').sections[1]!.heading).toBe('Verlauf');
    expect(builtInTemplate('detailed', 'en').sections[1]!.heading).toBe('Course of the discussion');
    expect(builtInTemplate('bullets', 'en')).toMatchObject({
      name: 'Bullet points',
      built_in: true,
    });
  });

  it('refuse sections of another structure, doubled or missing, or none included', () => {
    const sections = builtInTemplate('minutes', 'de').sections;
    expect(sectionsRefusal('minutes', [...sections].reverse())).toBeUndefined();
    expect(sectionsRefusal('minutes', sections.slice(1))).toBe(
      'settings.templates.errors.sectionsInvalid',
    );
    expect(sectionsRefusal('bullets', sections)).toBe('settings.templates.errors.sectionsInvalid');
    expect(
      sectionsRefusal('minutes', [...sections.slice(1), { ...sections[1]!, included: true }]),
    ).toBe('settings.templates.errors.sectionsInvalid');
    expect(
      sectionsRefusal(
        'minutes',
        sections.map((s) => ({ ...s, included: false })),
      ),
    ).toBe('settings.templates.errors.noSection');
  });

  it('check names, headings and instructions by their limits', () => {
    const sections = builtInTemplate('minutes', 'de').sections;
    const issues = (body: unknown) =>
      UpdateTemplateBody.safeParse(body).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ name: ' ', sections })).toEqual(['settings.templates.errors.nameRequired']);
    expect(issues({ name: 'x'.repeat(81), sections })).toEqual(['validation.tooLong']);
    expect(
      issues({
        name: 'Jour fixe',
        sections: [{ ...sections[0]!, instructions: 'x'.repeat(1001) }],
      }),
    ).toEqual(['validation.tooLong']);
  });

  it('keep a summary’s reference for an own template only, its included sections in order', () => {
    const builtIn = builtInTemplate('minutes', 'de');
    expect(summaryTemplateOf(builtIn)).toBeUndefined();
    const [overview, decisions] = builtIn.sections;
    expect(
      summaryTemplateOf({
        ...builtIn,
        id: 3,
        name: 'Jour fixe',
        built_in: false,
        sections: [
          { ...decisions!, heading: 'Vereinbart' },
          { ...overview!, included: false },
        ],
      }),
    ).toEqual({
      id: 3,
      name: 'Jour fixe',
      sections: [{ key: 'decisions', heading: 'Vereinbart' }],
    });
  });

  it('have their calls apart from the first script’s endpoints, `default` before `{id}`', () => {
    const paths = Object.values(templateEndpoints).map((e) => `${e.method} ${e.path}`);
    expect(paths.indexOf('PUT /api/templates/default')).toBeLessThan(
      paths.indexOf('PUT /api/templates/{id}'),
    );
  });
});
