// Editing a note's transcript by hand (docs/product.md#editing-the-transcript): the changes a
// reader can make, how each one changes the segment list, and find and replace. The server
// applies a change with these functions and the reader shows it with the same ones before the
// answer arrives, so both agree on every edit.
import { z } from 'zod';
import { EntityId, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';
import { NoteIdParams, NoteResponse, type Segment } from './notes.ts';

// Here, not in constants.ts or values.ts: those load with every page's first script (the sign-in
// page's too), these only with the notes pages.

/** One transcript line as edited by hand. */
export const TRANSCRIPT_LINE_MAX_LENGTH = 10_000;
/** What find and replace look for, and what they put instead. */
export const FIND_TEXT_MAX_LENGTH = 200;
/**
 * What a change to a transcript did (docs/product.md#editing-the-transcript): by hand, or
 * `glossary`, a near-miss corrected to a glossary term after transcription
 * (docs/product.md#glossary).
 */
export const REVISION_KINDS = ['text', 'speaker', 'merge', 'split', 'replace', 'glossary'] as const;

const LineIndex = z.number({ error: 'validation.invalidValue' }).int().nonnegative();

/** A speaker label as processing writes them: `S1`, `S2`, … */
export const SpeakerLabel = z
  .string({ error: 'validation.invalidValue' })
  .regex(/^S[1-9]\d{0,2}$/, { error: 'validation.invalidValue' });

const LineText = textField('noteTools.edit.lineEmpty')
  .min(1, { error: 'noteTools.edit.lineEmpty' })
  .max(TRANSCRIPT_LINE_MAX_LENGTH, { error: 'validation.tooLong' });

const FindText = textField('noteTools.edit.findEmpty', { trim: false })
  .refine((text) => text.trim() !== '', { error: 'noteTools.edit.findEmpty' })
  .pipe(z.string().max(FIND_TEXT_MAX_LENGTH, { error: 'validation.tooLong' }));

const ReplaceText = textField('validation.invalidValue', { trim: false }).max(
  FIND_TEXT_MAX_LENGTH,
  { error: 'validation.tooLong' },
);

/** What "find" matches: case-insensitive unless asked, whole words only when asked. */
export const FindOptions = z
  .object({
    find: FindText,
    match_case: z.boolean({ error: 'validation.invalidValue' }).default(false),
    whole_words: z.boolean({ error: 'validation.invalidValue' }).default(false),
  })
  .meta({ id: 'FindOptions' });
export type FindOptions = z.input<typeof FindOptions>;

/** The find-and-replace form: what to find, how, and what to put instead. */
export const ReplaceTextForm = FindOptions.extend({ replace: ReplaceText }).meta({
  id: 'ReplaceTextForm',
});
export type ReplaceTextForm = z.input<typeof ReplaceTextForm>;

/** One change to a transcript; `index` is the line's place in `segments`. */
export const TranscriptChange = z
  .discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('text'), index: LineIndex, text: LineText }),
      z.object({
        type: z.literal('speaker'),
        index: LineIndex,
        speaker: SpeakerLabel,
        /** `line`: this line only; `following`: this line and every later one of its speaker. */
        scope: z.enum(['line', 'following'], { error: 'validation.invalidValue' }),
      }),
      /** The line and the one after it become one. */
      z.object({ type: z.literal('merge'), index: LineIndex }),
      /** The line is cut in two at `offset`, a character position inside its text. */
      z.object({ type: z.literal('split'), index: LineIndex, offset: LineIndex }),
      ReplaceTextForm.extend({ type: z.literal('replace') }),
    ],
    { error: 'validation.invalidValue' },
  )
  .meta({ id: 'TranscriptChange' });
export type TranscriptChange = z.input<typeof TranscriptChange>;

export const EditTranscriptBody = z
  .object({
    /** The `transcript_version` the change was made on: another one is refused (409). */
    base_version: z.number({ error: 'validation.invalidValue' }).int().nonnegative(),
    change: TranscriptChange,
  })
  .meta({ id: 'EditTranscriptBody' });
export type EditTranscriptBody = z.input<typeof EditTranscriptBody>;

export const UndoTranscriptBody = z
  .object({
    base_version: z.number({ error: 'validation.invalidValue' }).int().nonnegative(),
    /**
     * A glossary correction to take back, whichever came after it (docs/product.md#glossary);
     * without it, the newest change not yet undone.
     */
    revision_id: EntityId.optional(),
  })
  .meta({ id: 'UndoTranscriptBody' });
export type UndoTranscriptBody = z.infer<typeof UndoTranscriptBody>;

export const RevisionKind = z.enum(REVISION_KINDS);
export type RevisionKind = z.infer<typeof RevisionKind>;

/** A changed line of a revision: what it said before and after (absent where none). */
export const RevisionLine = z
  .object({
    start: z.number().nonnegative(),
    speaker: z.string(),
    /** The speaker before, where the change gave the line another one. */
    before_speaker: z.string().optional(),
    before: z.string().optional(),
    after: z.string().optional(),
  })
  .meta({ id: 'RevisionLine' });
export type RevisionLine = z.infer<typeof RevisionLine>;

/** One change made by hand: who, when, what. */
export const TranscriptRevision = z
  .object({
    id: EntityId,
    kind: RevisionKind,
    created_at: Timestamp,
    /** The author's name, or their e-mail address without one; null once the account is gone. */
    author: z.string().nullable(),
    /** Undone with "Rückgängig"; kept in the list. */
    undone: z.boolean(),
    /** The lines it changed (at most the first 20). */
    lines: z.array(RevisionLine),
    /** How many lines it changed in all. */
    line_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'TranscriptRevision' });
export type TranscriptRevision = z.infer<typeof TranscriptRevision>;

export const TranscriptRevisionsResponse = z
  .object({ revisions: z.array(TranscriptRevision) })
  .meta({ id: 'TranscriptRevisionsResponse' });
export type TranscriptRevisionsResponse = z.infer<typeof TranscriptRevisionsResponse>;

export const editTranscript = defineEndpoint({
  id: 'editTranscript',
  method: 'POST',
  path: '/api/note/{id}/transcript',
  tag: 'notes',
  summary: "Change a line of a note's transcript, its speaker, merge, split, or replace a text",
  auth: true,
  params: NoteIdParams,
  body: EditTranscriptBody,
  bodyKind: 'json',
  response: NoteResponse,
});

export const undoTranscript = defineEndpoint({
  id: 'undoTranscript',
  method: 'POST',
  path: '/api/note/{id}/transcript/undo',
  tag: 'notes',
  summary: "Undo the last change to a note's transcript",
  auth: true,
  params: NoteIdParams,
  body: UndoTranscriptBody,
  bodyKind: 'json',
  response: NoteResponse,
});

export const listTranscriptRevisions = defineEndpoint({
  id: 'listTranscriptRevisions',
  method: 'GET',
  path: '/api/note/{id}/revisions',
  tag: 'notes',
  summary: "The changes made to a note's transcript by hand, newest first",
  auth: true,
  params: NoteIdParams,
  response: TranscriptRevisionsResponse,
});

// — The rules —

/** A change replaced `before` at `start` with `after`. */
export interface TranscriptSplice {
  start: number;
  before: Segment[];
  after: Segment[];
}

/** Why a change cannot be made: an i18n key. */
export type TranscriptRefusal =
  | 'noteTools.edit.lineMissing'
  | 'noteTools.edit.nothingToMerge'
  | 'noteTools.edit.splitOutside'
  | 'noteTools.edit.noMatch'
  | 'noteTools.edit.unchanged';

export type TranscriptEdit =
  | { ok: true; segments: Segment[]; splice: TranscriptSplice }
  | { ok: false; refusal: TranscriptRefusal };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function findPattern({ find, match_case = false, whole_words = false }: FindOptions): RegExp {
  const body = escapeRegExp(find);
  const word = whole_words ? `(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])` : body;
  return new RegExp(word, match_case ? 'gu' : 'giu');
}

/** One place "find" matches: line `index`, characters `from`–`to` of its text. */
export interface FindHit {
  index: number;
  from: number;
  to: number;
}

/** Every place `find` matches in the transcript, in order. */
export function findInTranscript(segments: readonly Segment[], options: FindOptions): FindHit[] {
  if (!options.find.trim()) return [];
  const pattern = findPattern(options);
  const hits: FindHit[] = [];
  segments.forEach((segment, index) => {
    for (const match of segment.text.matchAll(pattern)) {
      hits.push({ index, from: match.index, to: match.index + match[0].length });
    }
  });
  return hits;
}

/** The splice between two segment lists: what lies between their common start and end. */
function spliceBetween(before: readonly Segment[], after: readonly Segment[]): TranscriptSplice {
  const same = (a: Segment | undefined, b: Segment | undefined) =>
    !!a &&
    !!b &&
    a.start === b.start &&
    a.end === b.end &&
    a.speaker === b.speaker &&
    a.text === b.text;
  let start = 0;
  while (start < before.length && start < after.length && same(before[start], after[start]))
    start++;
  let tail = 0;
  while (
    tail < before.length - start &&
    tail < after.length - start &&
    same(before[before.length - 1 - tail], after[after.length - 1 - tail])
  )
    tail++;
  return {
    start,
    before: before.slice(start, before.length - tail),
    after: after.slice(start, after.length - tail),
  };
}

const joinTexts = (first: string, second: string) =>
  /[\s-]$/.test(first) || /^\s/.test(second) ? `${first}${second}` : `${first} ${second}`;

/**
 * Where a line's time is cut when its text is cut at `offset`: by the share of characters before
 * the cut (the engines' word times are not kept), to a tenth of a second.
 */
export function splitTime(segment: Segment, offset: number): number {
  const share = segment.text.length === 0 ? 0 : offset / segment.text.length;
  const time = segment.start + (segment.end - segment.start) * share;
  return Math.min(segment.end, Math.max(segment.start, Math.round(time * 10) / 10));
}

/** The transcript after `change`, or why it cannot be made. */
export function applyTranscriptChange(
  segments: readonly Segment[],
  change: z.infer<typeof TranscriptChange>,
): TranscriptEdit {
  const next = [...segments];
  switch (change.type) {
    case 'text': {
      const line = next[change.index];
      if (!line) return { ok: false, refusal: 'noteTools.edit.lineMissing' };
      next[change.index] = { ...line, text: change.text };
      break;
    }
    case 'speaker': {
      const line = next[change.index];
      if (!line) return { ok: false, refusal: 'noteTools.edit.lineMissing' };
      const from = line.speaker;
      for (let i = change.index; i < next.length; i++) {
        const segment = next[i]!;
        if (i === change.index || (change.scope === 'following' && segment.speaker === from)) {
          next[i] = { ...segment, speaker: change.speaker };
        }
        if (change.scope === 'line') break;
      }
      break;
    }
    case 'merge': {
      const first = next[change.index];
      const second = next[change.index + 1];
      if (!first) return { ok: false, refusal: 'noteTools.edit.lineMissing' };
      if (!second) return { ok: false, refusal: 'noteTools.edit.nothingToMerge' };
      next.splice(change.index, 2, {
        start: first.start,
        end: Math.max(first.end, second.end),
        speaker: first.speaker,
        text: joinTexts(first.text, second.text),
      });
      break;
    }
    case 'split': {
      const line = next[change.index];
      if (!line) return { ok: false, refusal: 'noteTools.edit.lineMissing' };
      const head = line.text.slice(0, change.offset).trimEnd();
      const rest = line.text.slice(change.offset).trimStart();
      if (!head || !rest) return { ok: false, refusal: 'noteTools.edit.splitOutside' };
      const cut = splitTime(line, change.offset);
      next.splice(
        change.index,
        1,
        { ...line, end: cut, text: head },
        { ...line, start: cut, text: rest },
      );
      break;
    }
    case 'replace': {
      const pattern = findPattern(change);
      let found = false;
      for (let i = 0; i < next.length; i++) {
        const segment = next[i]!;
        const text = segment.text.replace(pattern, () => {
          found = true;
          return change.replace;
        });
        // A line replaced down to nothing keeps its place: it is deleted by hand, not by a replace.
        if (text !== segment.text && text.trim()) next[i] = { ...segment, text: text.trim() };
      }
      if (!found) return { ok: false, refusal: 'noteTools.edit.noMatch' };
      break;
    }
  }
  const splice = spliceBetween(segments, next);
  if (splice.before.length === 0 && splice.after.length === 0) {
    return { ok: false, refusal: 'noteTools.edit.unchanged' };
  }
  return { ok: true, segments: next, splice };
}

/** The transcript with a splice taken back: `after` at `start` becomes `before` again. */
export function revertSplice(
  segments: readonly Segment[],
  splice: TranscriptSplice,
): Segment[] | undefined {
  const current = segments.slice(splice.start, splice.start + splice.after.length);
  const matches =
    current.length === splice.after.length &&
    current.every(
      (segment, i) =>
        segment.text === splice.after[i]!.text &&
        segment.speaker === splice.after[i]!.speaker &&
        segment.start === splice.after[i]!.start,
    );
  if (!matches) return undefined;
  const next = [...segments];
  next.splice(splice.start, splice.after.length, ...splice.before);
  return next;
}

/** The lines a splice changed, paired where it changed them in place (for the revision list). */
export function revisionLines(splice: TranscriptSplice): RevisionLine[] {
  const lines: RevisionLine[] = [];
  const count = Math.max(splice.before.length, splice.after.length);
  for (let i = 0; i < count; i++) {
    const before = splice.before[i];
    const after = splice.after[i];
    const line = (after ?? before)!;
    lines.push({
      start: line.start,
      speaker: line.speaker,
      ...(before && after && before.speaker !== after.speaker
        ? { before_speaker: before.speaker }
        : {}),
      ...(before ? { before: before.text } : {}),
      ...(after ? { after: after.text } : {}),
    });
  }
  return lines;
}
