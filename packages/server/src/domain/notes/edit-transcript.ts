import {
  applyTranscriptChange,
  ErrorCode,
  revertSplice,
  revisionLines,
  Summary,
  type EditTranscriptBody,
  type TranscriptChange,
  type TranscriptRevision,
} from '@protokoll/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { noteRevisions, notes, users, type StoredSegment } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';
import { lockNoteForEdit, type EditInput } from './lock-for-edit.ts';
import { noteDetailColumns, type NoteDetailRow } from './queries.ts';
import { noteSearchText } from './search-text.ts';

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

/** Writes the new transcript, its search text and the next version. */
async function storeSegments(tx: Db, note: NoteDetailRow, segments: StoredSegment[]) {
  const summary = note.summary == null ? null : Summary.parse(note.summary);
  const [row] = await tx
    .update(notes)
    .set({
      segments,
      searchText: noteSearchText(segments, summary),
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
): Promise<NoteDetailRow> {
  return deps.db.transaction(async (tx) => {
    const note = await lockNoteAt(tx, input, baseVersion);
    const [last] = await tx
      .select()
      .from(noteRevisions)
      .where(and(eq(noteRevisions.noteId, note.id), isNull(noteRevisions.undoneAt)))
      .orderBy(desc(noteRevisions.id))
      .limit(1);
    const reverted = last && revertSplice(note.segments, last);
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
