// Summary templates (docs/product.md#summary-templates): the built-in structures as templates, and
// a user's own ones made from them. An own template keeps its base structure's summary shape (the
// same Summary fields) and chooses which sections appear, in which order, under which heading and
// with which instructions to the language model.
//
// Here, not in constants.ts or values.ts: those load with every page's first script; these only
// with the settings, upload and notes pages.
import { z } from 'zod';
import { EntityId, Id, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';
import { NoteStructure, TemplateRef, TemplateSectionKey, type SummaryTemplate } from './notes.ts';

export const TEMPLATE_NAME_MAX_LENGTH = 80;
export const TEMPLATE_HEADING_MAX_LENGTH = 80;
export const TEMPLATE_INSTRUCTIONS_MAX_LENGTH = 1000;
/** Own templates per user. */
export const MAX_TEMPLATES = 30;

type Texts = { de: string; en: string };

/** One section of a built-in template, in German and English. */
interface BuiltInSection {
  key: TemplateSectionKey;
  heading: Texts;
  instructions: Texts;
}

const OVERVIEW = (de: string, en: string): BuiltInSection => ({
  key: 'overview',
  heading: { de: 'Überblick', en: 'Overview' },
  instructions: { de, en },
});
const DECISIONS: BuiltInSection = {
  key: 'decisions',
  heading: { de: 'Beschlüsse', en: 'Decisions' },
  instructions: {
    de: 'Alle Beschlüsse, vollständig und je in einem Satz.',
    en: 'Every decision, complete, one sentence each.',
  },
};
const ACTION_ITEMS: BuiltInSection = {
  key: 'action_items',
  heading: { de: 'Aufgaben', en: 'Action items' },
  instructions: {
    de: 'Alle Aufgaben mit Verantwortlichem und Termin, wenn genannt.',
    en: 'Every task with its owner and due date when mentioned.',
  },
};

/** A formal meeting type's template: its head, its agenda items, and every task at the end. */
const formalSections = (overviewDe: string, overviewEn: string): readonly BuiltInSection[] => [
  OVERVIEW(overviewDe, overviewEn),
  {
    key: 'head',
    heading: { de: 'Kopf des Protokolls', en: 'Header' },
    instructions: {
      de: 'Gremium, Datum, Beginn und Ende, Ort, Sitzungsleitung, Protokollführung, Anwesende, Entschuldigte, Gäste und Beschlussfähigkeit, soweit gesagt.',
      en: 'Body, date, start and end, place, chair, keeper of the minutes, present, excused, guests and quorum, as far as said.',
    },
  },
  {
    key: 'agenda',
    heading: { de: 'Tagesordnung', en: 'Agenda' },
    instructions: {
      de: 'Jeder Tagesordnungspunkt mit dem Verlauf in wenigen Sätzen, jedem Beschluss im Wortlaut mit Abstimmungsergebnis und jeder Aufgabe.',
      en: 'Every agenda item with its discussion in a few sentences, every resolution in its wording with its vote, and every task.',
    },
  },
  ACTION_ITEMS,
];

/**
 * The built-in templates, one per structure: their sections in the reader's order. The language
 * model's prompt for a built-in template is its structure's own (processing/summarise.ts); these
 * instructions are where an own template starts from.
 */
export const BUILT_IN_SECTIONS: Record<NoteStructure, readonly BuiltInSection[]> = {
  minutes: [
    OVERVIEW('Die Ergebnisse in zwei bis drei Sätzen.', 'The outcome in two or three sentences.'),
    DECISIONS,
    ACTION_ITEMS,
    {
      key: 'topics',
      heading: { de: 'Themen', en: 'Topics' },
      instructions: {
        de: 'Die besprochenen Themen, knapp.',
        en: 'The subjects discussed, briefly.',
      },
    },
  ],
  detailed: [
    OVERVIEW('Der Verlauf in zwei bis drei Sätzen.', 'The course in two or three sentences.'),
    {
      key: 'discussion',
      heading: { de: 'Verlauf', en: 'Course of the discussion' },
      instructions: {
        de: 'Thema für Thema in zeitlicher Reihenfolge, jeder Beitrag mit dem Namen des Sprechers.',
        en: 'Topic by topic in order, each contribution with the speaker’s name.',
      },
    },
    DECISIONS,
    ACTION_ITEMS,
  ],
  bullets: [
    OVERVIEW('In ein bis zwei Sätzen.', 'In one or two sentences.'),
    {
      key: 'bullets',
      heading: { de: 'Stichpunkte', en: 'Key points' },
      instructions: {
        de: 'Kurze Stichpunkte in der Reihenfolge des Gesprächs, je höchstens ein Satz.',
        en: 'Short points in the order of the conversation, at most one sentence each.',
      },
    },
    DECISIONS,
    ACTION_ITEMS,
  ],
  interview: [
    OVERVIEW(
      'Die Gesprächspartner und die Kernaussagen.',
      'The participants and the key statements.',
    ),
    {
      key: 'qa',
      heading: { de: 'Fragen und Antworten', en: 'Questions and answers' },
      instructions: {
        de: 'Jede gestellte Frage mit der zusammengefassten Antwort, in der Reihenfolge des Gesprächs.',
        en: 'Every question asked with the summarised answer, in the order of the conversation.',
      },
    },
    DECISIONS,
    ACTION_ITEMS,
  ],
  lecture: [
    OVERVIEW('Die wichtigsten Erkenntnisse.', 'The key takeaways.'),
    {
      key: 'sections',
      heading: { de: 'Abschnitte', en: 'Sections' },
      instructions: {
        de: 'Die Abschnitte der Vorlesung mit Überschrift, wichtigsten Aussagen und Fachbegriffen.',
        en: 'The parts of the lecture with a heading, key statements and technical terms.',
      },
    },
    DECISIONS,
    {
      ...ACTION_ITEMS,
      instructions: {
        de: 'Genannte Aufgaben oder Hausaufgaben.',
        en: 'Assignments or homework mentioned.',
      },
    },
  ],
  works_council: formalSections(
    'Worüber der Betriebsrat beraten und was er beschlossen hat, in zwei bis drei Sätzen.',
    'What the works council discussed and resolved, in two or three sentences.',
  ),
  owners_meeting: formalSections(
    'Worüber die Eigentümer beschlossen haben, in zwei bis drei Sätzen.',
    'What the owners resolved, in two or three sentences.',
  ),
  members_meeting: formalSections(
    'Worüber die Mitglieder beschlossen haben, in zwei bis drei Sätzen.',
    'What the members resolved, in two or three sentences.',
  ),
};

/** The names of the built-in templates: their structures' names. */
export const BUILT_IN_NAMES: Record<NoteStructure, Texts> = {
  minutes: { de: 'Ergebnisprotokoll', en: 'Results minutes' },
  detailed: { de: 'Verlaufsprotokoll', en: 'Detailed minutes' },
  bullets: { de: 'Stichpunkte', en: 'Bullet points' },
  interview: { de: 'Interview', en: 'Interview' },
  lecture: { de: 'Vorlesung', en: 'Lecture' },
  works_council: { de: 'Betriebsratssitzung', en: 'Works council meeting' },
  owners_meeting: { de: 'Eigentümerversammlung', en: 'Owners’ meeting' },
  members_meeting: { de: 'Mitgliederversammlung', en: 'Members’ meeting' },
};

/** The sections a structure's summary has: what an own template of it can include. */
export function structureSections(structure: NoteStructure): TemplateSectionKey[] {
  return BUILT_IN_SECTIONS[structure].map((section) => section.key);
}

const language = (locale: string): 'de' | 'en' => (locale.startsWith('de') ? 'de' : 'en');

/** A section of a template as it is stored, shown and edited. */
export const TemplateSection = z
  .object({
    key: TemplateSectionKey,
    heading: textField('settings.templates.errors.headingRequired')
      .min(1, { error: 'settings.templates.errors.headingRequired' })
      .max(TEMPLATE_HEADING_MAX_LENGTH, { error: 'validation.tooLong' }),
    instructions: textField('validation.invalidValue').max(TEMPLATE_INSTRUCTIONS_MAX_LENGTH, {
      error: 'validation.tooLong',
    }),
    /** Whether the section is in the summary. */
    included: z.boolean({ error: 'validation.invalidValue' }),
  })
  .meta({ id: 'TemplateSection' });
export type TemplateSection = z.infer<typeof TemplateSection>;

export const TemplateName = textField('settings.templates.errors.nameRequired')
  .min(1, { error: 'settings.templates.errors.nameRequired' })
  .max(TEMPLATE_NAME_MAX_LENGTH, { error: 'validation.tooLong' });

/**
 * A template. Built-in ones have their structure's name as `id` and cannot be changed; own ones
 * have a number. Later kinds (issue 38's meeting types) add fields; a template always names the
 * structure whose summary shape it keeps.
 */
export const Template = z
  .object({
    id: z.union([NoteStructure, EntityId]),
    name: z.string(),
    structure: NoteStructure,
    built_in: z.boolean(),
    sections: z.array(TemplateSection),
    updated_at: Timestamp.nullable(),
  })
  .meta({ id: 'Template' });
export type Template = z.infer<typeof Template>;

/** A built-in template in the given language (`de` or anything else: English). */
export function builtInTemplate(structure: NoteStructure, locale: string): Template {
  const lang = language(locale);
  return {
    id: structure,
    name: BUILT_IN_NAMES[structure][lang],
    structure,
    built_in: true,
    sections: BUILT_IN_SECTIONS[structure].map((section) => ({
      key: section.key,
      heading: section.heading[lang],
      instructions: section.instructions[lang],
      included: true,
    })),
    updated_at: null,
  };
}

/**
 * Why a template's sections do not fit its structure, as an i18n key; undefined when they fit:
 * each of the structure's sections exactly once (excluded ones too, so they can be included
 * again), at least one included.
 */
export function sectionsRefusal(
  structure: NoteStructure,
  sections: readonly Pick<TemplateSection, 'key' | 'included'>[],
): string | undefined {
  const own = structureSections(structure);
  const keys = sections.map((section) => section.key);
  if (keys.length !== own.length || own.some((key) => !keys.includes(key))) {
    return 'settings.templates.errors.sectionsInvalid';
  }
  if (!sections.some((section) => section.included)) {
    return 'settings.templates.errors.noSection';
  }
  return undefined;
}

/** The reference a summary written with `template` keeps (none for a built-in one). */
export function summaryTemplateOf(template: Template): SummaryTemplate | undefined {
  if (template.built_in) return undefined;
  return {
    id: template.id,
    name: template.name,
    sections: template.sections
      .filter((section) => section.included)
      .map(({ key, heading }) => ({ key, heading })),
  };
}

export const TemplateListResponse = z
  .object({
    success: z.boolean(),
    /** The built-in templates in the structures' order, then the user's own by name. */
    templates: z.array(Template),
    /** The template upload preselects; `minutes` until the user chooses another. */
    default_template: z.union([NoteStructure, EntityId]),
  })
  .meta({ id: 'TemplateListResponse' });
export type TemplateListResponse = z.infer<typeof TemplateListResponse>;

/** A new own template: a copy of `from` (built-in or own) under `name`. */
export const CreateTemplateBody = z
  .object({ name: TemplateName, from: TemplateRef })
  .meta({ id: 'CreateTemplateBody' });
export type CreateTemplateBody = z.infer<typeof CreateTemplateBody>;

export const UpdateTemplateBody = z
  .object({
    name: TemplateName,
    sections: z.array(TemplateSection).max(8, { error: 'validation.invalidValue' }),
  })
  .meta({ id: 'UpdateTemplateBody' });
export type UpdateTemplateBody = z.infer<typeof UpdateTemplateBody>;

export const DefaultTemplateBody = z
  .object({ template: TemplateRef })
  .meta({ id: 'DefaultTemplateBody' });
export type DefaultTemplateBody = z.infer<typeof DefaultTemplateBody>;

export const TemplateIdParams = z.object({ id: Id }).meta({ id: 'TemplateIdParams' });

export const TemplateResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), template: Template.optional() })
  .meta({ id: 'TemplateResponse' });
export type TemplateResponse = z.infer<typeof TemplateResponse>;

export const listTemplates = defineEndpoint({
  id: 'listTemplates',
  method: 'GET',
  path: '/api/templates',
  tag: 'templates',
  summary: 'The built-in summary templates and the user’s own, with the default',
  auth: true,
  response: TemplateListResponse,
});

export const createTemplate = defineEndpoint({
  id: 'createTemplate',
  method: 'POST',
  path: '/api/templates',
  tag: 'templates',
  summary: 'Create an own summary template as a copy of a built-in or own one',
  auth: true,
  body: CreateTemplateBody,
  bodyKind: 'json',
  response: TemplateResponse,
});

/** Registered before `updateTemplate`: `/api/templates/default` is not a number. */
export const setDefaultTemplate = defineEndpoint({
  id: 'setDefaultTemplate',
  method: 'PUT',
  path: '/api/templates/default',
  tag: 'templates',
  summary: 'Set the template upload preselects',
  auth: true,
  body: DefaultTemplateBody,
  bodyKind: 'json',
  response: TemplateListResponse,
});

export const updateTemplate = defineEndpoint({
  id: 'updateTemplate',
  method: 'PUT',
  path: '/api/templates/{id}',
  tag: 'templates',
  summary: 'Rename an own template and change its sections',
  auth: true,
  params: TemplateIdParams,
  body: UpdateTemplateBody,
  bodyKind: 'json',
  response: TemplateResponse,
});

export const deleteTemplate = defineEndpoint({
  id: 'deleteTemplate',
  method: 'DELETE',
  path: '/api/templates/{id}',
  tag: 'templates',
  summary: 'Delete an own template; a default on it goes back to the Ergebnisprotokoll',
  auth: true,
  params: TemplateIdParams,
  response: TemplateResponse,
});

/** The templates' calls, apart from `endpoints` (index.ts): only the screens using them load them. */
export const templateEndpoints = {
  listTemplates,
  createTemplate,
  setDefaultTemplate,
  updateTemplate,
  deleteTemplate,
};
