// What every hand-made change to a note starts with (the transcript's and the summary's editors):
// the user's finished note, locked for the change, at the version the tab showed.
import { ErrorCode } from '@protokoll/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notes } from '../../db/schema.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import type { Wording } from '../../lib/wording.ts';
import { minutesLockedError } from './minutes-approval.ts';
import { noteDetailColumns, type NoteDetailRow } from './queries.ts';

export interface EditInput {
  userId: number;
  noteId: number;
  words: Wording;
}

/**
 * The user's finished note, locked, when its `version` (the transcript's or the summary's edit
 * counter) is still `baseVersion`.
 * @throws ApiError 404 for someone else's note, 409 for one not finished (`notReadyKey`), with
 * its minutes submitted for signature (docs/formal-minutes.md#approval-and-signature) or changed since.
 */
export async function lockNoteForEdit(
  tx: Db,
  { userId, noteId, words }: EditInput,
  edit: {
    version: (note: NoteDetailRow) => number;
    baseVersion: number;
    notReadyKey: string;
  },
): Promise<NoteDetailRow> {
  const [note] = await tx
    .select(noteDetailColumns)
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
    .for('update');
  if (!note) throw notFoundError();
  if (note.status !== 'done') {
    throw new ApiError(409, ErrorCode.NOTE_NOT_READY, words.t(edit.notReadyKey));
  }
  if (note.minutesLocked) throw minutesLockedError(words);
  if (edit.version(note) !== edit.baseVersion) {
    throw new ApiError(409, ErrorCode.CONFLICT, words.t('errors.conflict'));
  }
  return note;
}
