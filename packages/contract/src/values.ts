import { FREE_PLAN_TYPE } from './constants.ts';

/*
 * The contract's values and checks that need no schema, in a module without zod: a signed-in
 * page's first render uses them, and zod with the schemas loads after it (with the session
 * chunk; docs/architecture.md#route-prefetch). The schemas build on these.
 */

/** A note's processing states in order (docs/uploads.md#job-states); `NoteStatus` parses them. */
export const NOTE_STATUSES = ['queued', 'transcribing', 'summarizing', 'done', 'error'] as const;
type NoteStatus = (typeof NOTE_STATUSES)[number];

/** The statuses in which the server is still working on a note; `done` and `error` are final. */
export const PROCESSING_STATUSES = [
  'queued',
  'transcribing',
  'summarizing',
] as const satisfies readonly NoteStatus[];

/** Whether the server is still working on a note in `status` (clients poll such notes). */
export function isProcessing(status: NoteStatus): boolean {
  return (PROCESSING_STATUSES as readonly NoteStatus[]).includes(status);
}

/** The export formats of a note (docs/uploads.md#exports). */
export const downloadFormats = ['docx', 'pdf', 'md', 'txt', 'srt', 'vtt', 'json'] as const;
type DownloadFormat = (typeof downloadFormats)[number];

/** The download's file name, `note.{format}` when the server names none. */
export function downloadFilename(format: DownloadFormat | 'csv', filename?: string | null): string {
  return filename || `note.${format}`;
}

/** Premium: a plan type other than free (docs/minutes.md#premium). No plan is not premium. */
export function isPremium(plan: { readonly type: string } | null | undefined): boolean {
  return plan != null && plan.type !== FREE_PLAN_TYPE;
}

/**
 * The formal meeting types (docs/formal-minutes.md): a Betriebsratssitzung (§ 34 BetrVG), an
 * Eigentümerversammlung (§ 24 WEG), a Mitgliederversammlung of a Verein (§ 58 BGB and the
 * statutes). They are structures of a note like the Ergebnisprotokoll; their summaries have a
 * `formal` part (`FormalMinutes`).
 */
export const FORMAL_STRUCTURES = ['works_council', 'owners_meeting', 'members_meeting'] as const;
export type FormalStructure = (typeof FORMAL_STRUCTURES)[number];

export function isFormalStructure(structure: string | undefined): structure is FormalStructure {
  return (FORMAL_STRUCTURES as readonly string[]).includes(structure ?? '');
}

/**
 * A summary's formal part with its meeting type (docs/formal-minutes.md), or undefined for any
 * other summary; `fallback` is the note's structure, for a summary that does not name its own.
 * Here, without the schemas, because the home page's example note asks it too.
 */
export function formalPartOf<Formal>(
  summary: { readonly structure?: string | undefined; readonly formal?: Formal } | null | undefined,
  fallback?: string,
): { structure: FormalStructure; formal: Formal } | undefined {
  const structure = summary?.structure ?? fallback;
  return summary?.formal && isFormalStructure(structure)
    ? { structure, formal: summary.formal }
    : undefined;
}

/** The fields of formal minutes' head, in the order the head shows them. */
export const HEAD_FIELDS = [
  'body',
  'date',
  'start_time',
  'end_time',
  'place',
  'chair',
  'keeper',
  'present',
  'excused',
  'guests',
  'quorum',
] as const;
export type HeadField = (typeof HEAD_FIELDS)[number];

/**
 * What each type's head must hold (docs/formal-minutes.md#what-each-type-needs): what a record of
 * the type is expected to show, which in places is more than the law's minimum.
 */
export const REQUIRED_HEAD_FIELDS: Record<FormalStructure, readonly HeadField[]> = {
  works_council: ['body', 'date', 'start_time', 'end_time', 'chair', 'keeper', 'present', 'quorum'],
  owners_meeting: ['date', 'place', 'start_time', 'end_time', 'chair', 'keeper', 'present'],
  members_meeting: ['body', 'date', 'place', 'start_time', 'chair', 'keeper', 'present', 'quorum'],
};

/** The head as the rule reads it (`MinutesHead`). */
interface HeadFacts {
  readonly [field: string]: unknown;
  readonly online?: boolean;
}

function filled(head: HeadFacts, field: HeadField): boolean {
  const value = head[field];
  if (Array.isArray(value)) return value.length > 0;
  if (field === 'place') return Boolean(value) || head.online === true;
  if (field === 'quorum') return typeof value === 'boolean';
  return Boolean(value);
}

/** The required head fields that are empty: the reader and the exports mark them as missing. */
export function missingHeadFields(structure: FormalStructure, head: HeadFacts): HeadField[] {
  return REQUIRED_HEAD_FIELDS[structure].filter((field) => !filled(head, field));
}

/**
 * Whether a vote states the majority a resolution was passed with (every formal type's record
 * must): unanimous, or at least the yes votes.
 */
export function voteKnown(
  vote: { readonly yes?: number; readonly unanimous?: boolean } | undefined,
): boolean {
  return vote !== undefined && (vote.unanimous === true || vote.yes !== undefined);
}

/** An agenda given before processing: at most this many items of at most this many characters. */
export const AGENDA_MAX_ITEMS = 30;
export const AGENDA_ITEM_MAX_LENGTH = 200;

/** "TOP 3:", "3.", "3)", "-", "•" before an agenda line: the numbering, not the title. */
const AGENDA_NUMBERING =
  /^\s*(?:(?:TOP|Tagesordnungspunkt|Punkt|Item)\s*\d+\s*[:.)–-]?|\d+\s*[.):]|[-–•*])\s*/iu;

/**
 * The items of an agenda as typed or pasted, one per line (docs/formal-minutes.md#agenda-first):
 * numbering taken off, blank lines left out. The minutes number the items themselves.
 */
export function agendaItems(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.replace(AGENDA_NUMBERING, '').trim())
    .filter(Boolean);
}
