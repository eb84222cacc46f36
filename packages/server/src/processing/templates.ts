// Summaries written with a user's own template (docs/product.md#summary-templates): the language
// model's instructions built from the template's sections, and every summary cut to the sections
// the template includes, with its headings for reader and exports.
import {
  BUILT_IN_SECTIONS,
  Template as TemplateSchema,
  summaryTemplateOf,
  type Summary,
  type Template,
  type TemplateSectionKey,
} from '@protokoll/contract';

/** Whether summaries with `template` need more than its structure's own way (an own template). */
export function isOwnTemplate(template: Template | undefined): template is Template {
  return template !== undefined && !template.built_in;
}

/** The field of the answer each section is, for the prompt. */
const FIELD: Record<TemplateSectionKey, string> = {
  overview: 'overview',
  topics: 'topics',
  decisions: 'decisions',
  action_items: 'action_items',
  bullets: 'bullets',
  discussion: 'discussion',
  qa: 'qa',
  sections: 'sections',
  head: 'head',
  agenda: 'agenda',
};

/**
 * A formal type's head and agenda items: found in the transcript by rules (formal-minutes.ts),
 * whichever summariser writes the rest, so the model is not asked for them and their
 * instructions cannot be followed.
 */
const FOUND_BY_RULES: ReadonlySet<TemplateSectionKey> = new Set(['head', 'agenda']);

/**
 * The structure part of the system prompt for an own template: its name, its sections in order,
 * each with its heading and instructions, and the sections it leaves out (asked empty, and
 * emptied again by `applyTemplate` should the model fill them anyway).
 */
export function templateInstructions(template: Template, language: 'de' | 'en'): string {
  const asked = template.sections.filter((section) => !FOUND_BY_RULES.has(section.key));
  const included = asked.filter((section) => section.included);
  const excluded = asked.filter((section) => !section.included);
  const quote = (text: string) => (language === 'de' ? `„${text}“` : `“${text}”`);
  const lines = included.map((section) => {
    const instructions = section.instructions.trim();
    const heading =
      language === 'de'
        ? `"${FIELD[section.key]}" (Überschrift ${quote(section.heading)})`
        : `"${FIELD[section.key]}" (heading ${quote(section.heading)})`;
    return `- ${heading}${instructions ? `: ${instructions}` : ''}`;
  });
  const head =
    language === 'de'
      ? `Erstelle die Zusammenfassung nach der Vorlage ${quote(template.name)}. "topics" nennt die besprochenen Themen knapp. Die Abschnitte in dieser Reihenfolge, jeder nach seiner Anweisung:`
      : `Write the summary by the template ${quote(template.name)}. "topics" names the subjects discussed briefly. Its sections in this order, each by its instructions:`;
  const empty = excluded
    .filter((section) => section.key !== 'topics')
    .map((section) => `"${FIELD[section.key]}"`);
  const tail = empty.length
    ? language === 'de'
      ? `Lass ${empty.join(', ')} leer (leere Liste, leerer Text).`
      : `Leave ${empty.join(', ')} empty (an empty list, an empty text).`
    : '';
  return [head, ...lines, tail].filter(Boolean).join('\n');
}

/** The empty form of each section, for the ones a template leaves out. */
function emptied(key: TemplateSectionKey): Partial<Summary> {
  switch (key) {
    case 'overview':
      return { overview: '' };
    case 'topics':
      return { topics: [] };
    case 'decisions':
      return { decisions: [] };
    case 'action_items':
      return { action_items: [] };
    case 'bullets':
      return { bullets: [] };
    case 'discussion':
      return { discussion: [] };
    case 'qa':
      return { qa: [] };
    case 'sections':
      return { sections: [] };
    case 'head':
    case 'agenda':
      // Kept: the template's list of sections decides whether reader and exports show them.
      return {};
  }
}

/** Whether a section's instructions are its built-in ones (in German or English). */
function builtInInstructions(template: Template, key: TemplateSectionKey, text: string): boolean {
  const own = BUILT_IN_SECTIONS[template.structure].find((section) => section.key === key);
  const wanted = text.trim();
  return !wanted || (own ? [own.instructions.de, own.instructions.en].includes(wanted) : false);
}

/**
 * A summary as an own template has it: the sections it leaves out emptied (the topics stay, as
 * the windows and search read them, unless the template has them as a section and leaves them
 * out), and the template's name, order and headings kept with it. The built-in summariser picks
 * sentences and cannot act on instructions: the sections whose instructions differ from the
 * built-in ones are named as `unfollowed`, and the reader says so.
 */
export function applyTemplate(summary: Summary, template: Template | undefined): Summary {
  if (!isOwnTemplate(template)) return summary;
  const reference = summaryTemplateOf(template)!;
  let result: Summary = { ...summary };
  for (const section of template.sections) {
    if (!section.included) result = { ...result, ...emptied(section.key) };
  }
  const unfollowed = template.sections
    .filter(
      (s) =>
        s.included &&
        (summary.generator === 'extractive' || FOUND_BY_RULES.has(s.key)) &&
        !builtInInstructions(template, s.key, s.instructions),
    )
    .map((s) => s.key);
  if (unfollowed.length > 0) reference.unfollowed = unfollowed;
  return { ...result, template: reference };
}

/** A template as a note or a job's checkpoint keeps it; undefined for none (or one unreadable). */
export function storedTemplate(value: unknown): Template | undefined {
  if (value == null) return undefined;
  const parsed = TemplateSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
