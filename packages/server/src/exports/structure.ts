// Each structure's own sections in the document exports (docs/uploads.md#summaries-per-structure):
// an Ergebnisprotokoll leads with decisions and tasks, a Verlaufsprotokoll goes topic by topic
// with who said what, Stichpunkte are one plain list, an interview reads as questions and
// answers, a lecture as its sections with key terms. A summary without its structure's part (a
// note made before the parts existed) gets the common sections, as always.
import type { Locale, NoteDetail, Summary } from '@protokoll/contract';
import { interpolate } from '../lib/locale-files.ts';
import { agendaSections, formalOf, headSection } from './formal.ts';
import { speakerName, tidy, type ListItem, type Section } from './sections.ts';
import type { Wording } from './wording.ts';

/** The sections every summary has, prepared once by content.ts. */
export interface CommonSections {
  topics: ListItem[];
  decisions: ListItem[];
  actionItems: ListItem[];
}

const listOf = (heading: string, items: ListItem[]): Section[] =>
  items.length ? [{ kind: 'list', heading, items }] : [];

/** The summary sections after the overview, in the structure's order and layout. */
export function structureSections(
  note: NoteDetail,
  summary: Summary,
  common: CommonSections,
  wording: Wording,
  locale: Locale,
): Section[] {
  const tasks = [
    ...listOf(wording.decisions, common.decisions),
    ...listOf(wording.actionItems, common.actionItems),
  ];
  if (summary.template) return templateSections(note, summary, common, wording, locale);
  const formal = formalOf(note);
  if (formal) {
    // Formal minutes: the head, the agenda items with their resolutions and tasks, and every
    // task once more as the list to follow up.
    return [
      headSection(formal.structure, formal.formal, locale, wording),
      ...agendaSections(formal.formal, locale, wording),
      ...listOf(wording.actionItems, common.actionItems),
    ];
  }
  const structure = summary.structure ?? note.structure;
  if (structure === 'minutes' && summary.structure) {
    // Ergebnisprotokoll: the results first, the topics they came from after them.
    return [...tasks, ...listOf(wording.topics, common.topics)];
  }
  if (structure === 'bullets' && summary.bullets) {
    const items = summary.bullets.map((bullet) => ({ text: tidy(bullet.text) }));
    return [...listOf(wording.bullets, items), ...tasks];
  }
  if (structure === 'detailed' && summary.discussion) {
    const topics = summary.discussion.flatMap((topic): Section[] =>
      listOf(
        tidy(topic.title),
        topic.points.map((point) => ({
          ...(point.speaker ? { lead: speakerName(note, point.speaker, wording) } : {}),
          text: tidy(point.text),
        })),
      ),
    );
    return [...topics, ...tasks];
  }
  if (structure === 'interview' && summary.qa) {
    const pairs = summary.qa.map((pair) => ({
      question: tidy(pair.question),
      answer: tidy(pair.answer),
    }));
    return [
      ...(pairs.length ? [{ kind: 'qa' as const, heading: wording.interview, pairs }] : []),
      ...tasks,
    ];
  }
  if (structure === 'lecture' && summary.sections) {
    const sections = summary.sections.flatMap((section): Section[] =>
      listOf(tidy(section.heading), [
        ...section.points.map((point) => ({ text: tidy(point) })),
        ...(section.key_terms.length
          ? [{ lead: wording.keyTerms, text: section.key_terms.map(tidy).join(', ') }]
          : []),
      ]),
    );
    return [...sections, ...tasks];
  }
  return [...listOf(wording.topics, common.topics), ...tasks];
}

/**
 * A summary written with an own template (docs/product.md#summary-templates): its sections in its
 * order under its headings (the overview leads the document as always); a Verlaufsprotokoll's and
 * a lecture's part keep their topics' own headings.
 */
function templateSections(
  note: NoteDetail,
  summary: Summary,
  common: CommonSections,
  wording: Wording,
  locale: Locale,
): Section[] {
  const parts = structurePartsOnly(note, summary, wording, locale);
  return (summary.template?.sections ?? []).flatMap(({ key, heading }): Section[] => {
    switch (key) {
      case 'overview':
        return [];
      case 'topics':
        return listOf(heading, common.topics);
      case 'decisions':
        return listOf(heading, common.decisions);
      case 'action_items':
        return listOf(heading, common.actionItems);
      case 'head': {
        const formal = formalOf(note);
        return formal
          ? [headSection(formal.structure, formal.formal, locale, wording, heading)]
          : [];
      }
      case 'agenda': {
        const formal = formalOf(note);
        return formal ? agendaSections(formal.formal, locale, wording) : [];
      }
      default:
        return parts.map((part) =>
          part.kind === 'qa' || key === 'bullets' ? { ...part, heading } : part,
        );
    }
  });
}

/** The structure's own part alone, as `structureSections` lays it out. */
function structurePartsOnly(
  note: NoteDetail,
  summary: Summary,
  wording: Wording,
  locale: Locale,
): Section[] {
  const none: CommonSections = { topics: [], decisions: [], actionItems: [] };
  return structureSections(note, { ...summary, template: undefined }, none, wording, locale);
}

function languageName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The built-in summariser's notice; when the note could not be written in the language asked
 * for, it says which language it is in and why (docs/uploads.md#the-note-language).
 */
export function extractiveNotice(summary: Summary, locale: Locale, wording: Wording): string {
  if (!summary.requested_language || !summary.language) return wording.extractive;
  const language = languageName(summary.language, locale);
  return `${wording.extractive} ${interpolate(wording.untranslated, { language })}`;
}
