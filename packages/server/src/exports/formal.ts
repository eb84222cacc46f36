// Formal minutes in the document exports (docs/formal-minutes.md#exports): the head field by field,
// a required field that was not said marked as missing, then each agenda item (TOP) with its
// discussion, its resolutions set apart with their vote and result, and its tasks. Every
// resolution and task names the time of the passage it comes from, or says that it has none.
import {
  HEAD_FIELDS,
  formalPartOf,
  missingHeadFields,
  voteKnown,
  type AgendaItem,
  type Citation,
  type FormalMinutes,
  type FormalStructure,
  type HeadField,
  type Locale,
  type NoteDetail,
  type Resolution,
} from '@protokoll/contract';
import { interpolate } from '../lib/locale-files.ts';
import { clock, formatDate, formatDue, tidy, type ListItem, type Section } from './sections.ts';
import type { Wording } from './wording.ts';

/** "Beleg: 00:12:05, 00:12:40" or "ohne Beleg im Transkript". */
function backing(citations: readonly Citation[], wording: Wording): string {
  if (citations.length === 0) return wording.unbacked;
  return interpolate(wording.backedBy, {
    times: citations
      .slice(0, 3)
      .map((c) => clock(c.start))
      .join(', '),
  });
}

function headValue(
  formal: FormalMinutes,
  field: HeadField,
  locale: Locale,
  wording: Wording,
): string | undefined {
  const { head } = formal;
  switch (field) {
    case 'date':
      return head.date ? formatDate(`${head.date}T00:00:00Z`, locale, 'long') : undefined;
    case 'place':
      return head.place ?? (head.online ? wording.online : undefined);
    case 'present':
    case 'excused':
    case 'guests':
      return head[field].length > 0 ? head[field].map(tidy).join(', ') : undefined;
    case 'quorum':
      return head.quorum === undefined
        ? undefined
        : head.quorum
          ? wording.quorumYes
          : wording.quorumNo;
    default: {
      const value = head[field];
      return value ? tidy(value) : undefined;
    }
  }
}

/** The head as a list: every field said, and every required one, missing ones marked. */
export function headSection(
  structure: FormalStructure,
  formal: FormalMinutes,
  locale: Locale,
  wording: Wording,
  heading: string = wording.head,
): Section {
  const missing = new Set(missingHeadFields(structure, formal.head));
  const items: ListItem[] = HEAD_FIELDS.flatMap((field): ListItem[] => {
    const value = headValue(formal, field, locale, wording);
    const lead = wording[`head_${field}`];
    if (value !== undefined) {
      const byHand = formal.head.edited?.includes(field);
      return [{ lead, text: value, ...(byHand ? { details: wording.byHand } : {}) }];
    }
    return missing.has(field) ? [{ lead, text: wording.missing }] : [];
  });
  return { kind: 'list', heading, items, layout: 'table' };
}

/** "einstimmig angenommen", "7 Ja, 0 Nein, 2 Enthaltungen – angenommen". */
export function voteText(
  resolution: Pick<Resolution, 'vote' | 'result'>,
  wording: Wording,
): string {
  const { vote, result } = resolution;
  const counts = [
    vote?.unanimous ? wording.unanimous : undefined,
    vote?.yes !== undefined ? interpolate(wording.votesYes, { count: vote.yes }) : undefined,
    vote?.no !== undefined ? interpolate(wording.votesNo, { count: vote.no }) : undefined,
    vote?.abstain !== undefined
      ? interpolate(wording.votesAbstain, { count: vote.abstain })
      : undefined,
  ].filter(Boolean);
  const outcome =
    result === 'accepted' ? wording.accepted : result === 'rejected' ? wording.rejected : undefined;
  const known = voteKnown(vote) ? counts.join(', ') : [wording.voteMissing, ...counts].join(', ');
  return [known, outcome].filter(Boolean).join(' – ');
}

function itemSection(item: AgendaItem, locale: Locale, wording: Wording): Section {
  const items: ListItem[] = [
    ...item.discussion.map((text) => ({ text: tidy(text) })),
    ...item.resolutions.map((resolution) => ({
      lead: wording.resolution,
      text: tidy(resolution.text),
      details: `${voteText(resolution, wording)} · ${backing(resolution.citations, wording)}`,
      setApart: true,
    })),
    ...item.tasks.map((task) => ({
      lead: wording.task,
      text: tidy(task.task),
      details: [
        task.owner ? `${wording.owner}: ${tidy(task.owner)}` : undefined,
        task.due ? `${wording.due}: ${formatDue(tidy(task.due), locale)}` : undefined,
        backing(task.citations, wording),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  ];
  return {
    kind: 'list',
    heading: interpolate(wording.agendaItem, { number: item.number, title: tidy(item.title) }),
    items: items.length > 0 ? items : [{ text: wording.itemEmpty }],
  };
}

/** The agenda items, one section each. */
export function agendaSections(formal: FormalMinutes, locale: Locale, wording: Wording): Section[] {
  return formal.items.map((item) => itemSection(item, locale, wording));
}

/** The formal part of a note's summary with its type, or undefined. */
export const formalOf = (note: NoteDetail) => formalPartOf(note.summary, note.structure);
