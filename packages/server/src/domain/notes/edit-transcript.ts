import {
  applyTranscriptChange,
  ErrorCode,
  revertSplice,
  revisionLines,
  type EditTranscriptBody,
  type GlossaryMark,
  type TranscriptChange,
  type TranscriptRevision,
} from '@protokoll/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  noteRevisions,
  notes,
  users,
  type NoteRevisionRow,
  type StoredSegment,
} from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';
import { lockNoteForEdit, type EditInput } from './lock-for-edit.ts';
import { noteDetailColumns, type NoteDetailRow } from './queries.ts';

/** The revision list shows this many changed lines of each change. */
const REVISION_LINES_SHOWN = 20;

/** The user's finished note, locked, at the transcript version the change was made on. */
function lockNoteAt(tx: Db, input: EditInput, baseVersion: number) {
  return lockNoteForEdit(tx, input, {
    version: (note) => note.transcriptVersion,
    baseVersion,
    notReadyKey: 'noteTools.edit.notReady',
  });
}

/** Writes the new transcript and the next version (the database follows with its search vectors). */
async function storeSegments(tx: Db, note: NoteDetailRow, segments: StoredSegment[]) {
  const [row] = await tx
    .update(notes)
    .set({
      segments,
      transcriptVersion: sql`${notes.transcriptVersion} + 1`,
    })
    .where(eq(notes.id, note.id))
    .returning(noteDetailColumns);
  return row!;
}

/**
 * One change to a finished note's transcript by its owner (docs/product.md#editing-the-transcript),
 * kept as a revision. Search text, search hits (the line vectors follow `segments`) and exports
 * read the changed transcript from then on.
 * @throws ApiError 404, 409 (not finished, or changed since `base_version`), 422 (the change does
 * not fit the transcript: a line that is not there, nothing found to replace …).
 */
export async function editTranscript(
  deps: DomainDeps,
  input: EditInput,
  body: EditTranscriptBody & { change: z.infer<typeof TranscriptChange> },
): Promise<NoteDetailRow> {
  return deps.db.transaction(async (tx) => {
    const note = await lockNoteAt(tx, input, body.base_version);
    const edit = applyTranscriptChange(note.segments, body.change);
    if (!edit.ok) throw new ApiError(422, ErrorCode.INVALID_INPUT, input.words.t(edit.refusal));
    const row = await storeSegments(tx, note, edit.segments);
    await tx.insert(noteRevisions).values({
      noteId: note.id,
      userId: input.userId,
      kind: body.change.type,
      start: edit.splice.start,
      before: edit.splice.before,
      after: edit.splice.after,
    });
    return row;
  });
}

/**
 * Takes back the newest change not yet undone; pressed again, the one before it. The revision
 * stays in the list, marked undone.
 * @throws ApiError 404, 409 (not finished, changed since, or nothing left to undo).
 */
export async function undoTranscript(
  deps: DomainDeps,
  input: EditInput,
  baseVersion: number,
  revisionId?: number,
): Promise<NoteDetailRow> {
  return deps.db.transaction(async (tx) => {
    const note = await lockNoteAt(tx, input, baseVersion);
    const [last] = await tx
      .select()
      .from(noteRevisions)
      .where(
        and(
          eq(noteRevisions.noteId, note.id),
          isNull(noteRevisions.undoneAt),
          // One correction of the glossary's, whichever came after it (docs/product.md#glossary).
          ...(revisionId === undefined
            ? []
            : [eq(noteRevisions.id, revisionId), eq(noteRevisions.kind, 'glossary')]),
        ),
      )
      .orderBy(desc(noteRevisions.id))
      .limit(1);
    if (revisionId !== undefined && !last) {
      throw new ApiError(
        409,
        ErrorCode.INVALID_INPUT,
        input.words.t('noteTools.glossary.correctionGone'),
      );
    }
    const reverted =
      last &&
      (last.kind === 'glossary'
        ? revertCorrection(note.segments, last)
        : revertSplice(note.segments, last));
    if (revisionId !== undefined && !reverted) {
      throw new ApiError(
        409,
        ErrorCode.INVALID_INPUT,
        input.words.t('noteTools.glossary.correctionGone'),
      );
    }
    if (!last || !reverted) {
      throw new ApiError(
        409,
        ErrorCode.INVALID_INPUT,
        input.words.t('noteTools.edit.nothingToUndo'),
      );
    }
    const row = await storeSegments(tx, note, reverted);
    await tx
      .update(noteRevisions)
      .set({ undoneAt: sql`now()` })
      .where(eq(noteRevisions.id, last.id));
    return row;
  });
}

/** What a glossary correction changed: the heard words `from` at `offset` became `to`. */
function correctionOf(revision: Pick<NoteRevisionRow, 'before' | 'after'>) {
  const before = revision.before[0]?.text ?? '';
  const after = revision.after[0]?.text ?? '';
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  // Whole words: the common start and end stop inside "M|e|ier" / "M|a|ier".
  const wordChar = (char: string | undefined) => !!char && /[\p{L}\p{N}]/u.test(char);
  while (head > 0 && wordChar(before[head - 1])) head--;
  while (tail > 0 && wordChar(before[before.length - tail])) tail--;
  return {
    offset: head,
    from: before.slice(head, before.length - tail),
    to: after.slice(head, after.length - tail),
  };
}

/** The word boundaries of a whole-word `to` in `text`, the one nearest `offset`. */
function nearestWord(text: string, to: string, offset: number): number | undefined {
  if (!to) return undefined;
  const escaped = to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu');
  let best: number | undefined;
  for (const match of text.matchAll(pattern)) {
    if (best === undefined || Math.abs(match.index - offset) < Math.abs(best - offset)) {
      best = match.index;
    }
  }
  return best;
}

/**
 * Where a glossary correction stands in the transcript now: the line of the same start and
 * speaker (lines before it may have been merged or split since) that still has the term at a
 * word boundary, nearest to where it was put. Undefined when it is gone (edited by hand).
 */
export function locateCorrection(
  segments: readonly StoredSegment[],
  revision: Pick<NoteRevisionRow, 'before' | 'after' | 'start'>,
): { index: number; at: number; from: string; to: string } | undefined {
  const line = revision.after[0];
  if (!line) return undefined;
  const { offset, from, to } = correctionOf(revision);
  const candidates = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => segment.start === line.start && segment.speaker === line.speaker)
    .sort((a, b) => Math.abs(a.index - revision.start) - Math.abs(b.index - revision.start));
  for (const { segment, index } of candidates) {
    const at = nearestWord(segment.text, to, offset);
    if (at !== undefined) return { index, at, from, to };
  }
  return undefined;
}

/** The transcript with one glossary correction taken back, wherever the line is now. */
function revertCorrection(
  segments: readonly StoredSegment[],
  revision: NoteRevisionRow,
): StoredSegment[] | undefined {
  const place = locateCorrection(segments, revision);
  if (!place) return undefined;
  const next = [...segments];
  const line = next[place.index]!;
  next[place.index] = {
    ...line,
    text: `${line.text.slice(0, place.at)}${place.from}${line.text.slice(place.at + place.to.length)}`,
  };
  return next;
}

/**
 * The glossary corrections still standing in the note's transcript, for the reader's marks
 * (docs/product.md#glossary): each with its revision, line and words.
 */
export async function glossaryMarks(
  db: Db,
  note: Pick<NoteDetailRow, 'id' | 'segments'>,
): Promise<GlossaryMark[]> {
  const rows = await db
    .select()
    .from(noteRevisions)
    .where(
      and(
        eq(noteRevisions.noteId, note.id),
        eq(noteRevisions.kind, 'glossary'),
        isNull(noteRevisions.undoneAt),
      ),
    )
    .orderBy(noteRevisions.id);
  const marks: GlossaryMark[] = [];
  for (const revision of rows) {
    const place = locateCorrection(note.segments, revision);
    if (place) {
      marks.push({ revision_id: revision.id, index: place.index, from: place.from, to: place.to });
    }
  }
  return marks;
}

/** Who wrote a revision, as the list names them. */
const authorName = (user: { firstName: string | null; lastName: string | null; email: string }) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;

/**
 * The changes made to the user's note, newest first.
 * @throws ApiError 404 for someone else's note.
 */
export async function listTranscriptRevisions(
  deps: DomainDeps,
  userId: number,
  noteId: number,
): Promise<TranscriptRevision[]> {
  const [note] = await deps.db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  if (!note) throw notFoundError();
  const rows = await deps.db
    .select({
      revision: noteRevisions,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(noteRevisions)
    .leftJoin(users, eq(users.id, noteRevisions.userId))
    .where(eq(noteRevisions.noteId, noteId))
    .orderBy(desc(noteRevisions.id));
  return rows.map(({ revision, firstName, lastName, email }) => {
    const lines = revisionLines(revision);
    return {
      id: revision.id,
      kind: revision.kind,
      created_at: revision.createdAt.toISOString(),
      author: email == null ? null : authorName({ firstName, lastName, email }),
      undone: revision.undoneAt != null,
      lines: lines.slice(0, REVISION_LINES_SHOWN),
      line_count: lines.length,
    };
  });
}
