// Editing a note's summary by hand (docs/product.md#editing-the-summary): one change per request,
// made on the summary the tab shows (`summary_edit_version`), applied with the contract's rules.
// The change goes into the note's copy of its current summary and into that summary's version row
// (note_summaries), so viewing and restoring versions show it; search and exports read the copy.
import {
  ErrorCode,
  Summary,
  type EditSummaryBody,
  type SummaryChangeParsed,
} from '@protokoll/contract';
import { applySummaryChange } from '@protokoll/contract/summary-edit-rules';
import { and, eq, sql } from 'drizzle-orm';
import { notes, noteSummaries } from '../../db/schema.ts';
import { ApiError, notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';
import { lockNoteForEdit, type EditInput } from './lock-for-edit.ts';
import { noteDetailColumns, type NoteDetailRow } from './queries.ts';
import { keepCurrentSummary } from './summary-versions.ts';

/**
 * One change to the summary of the user's finished note.
 * @throws ApiError 404 for someone else's note, 409 for one not finished, without a summary or
 * whose summary changed since `base_version`, 422 for a change that does not fit the summary (an
 * item that is not there, nothing changed, a full list).
 */
export async function editSummary(
  deps: Pick<DomainDeps, 'db'>,
  input: EditInput,
  body: EditSummaryBody & { change: SummaryChangeParsed },
): Promise<NoteDetailRow> {
  const { userId, words } = input;
  return deps.db.transaction(async (tx) => {
    const note = await lockNoteForEdit(tx, input, {
      version: (locked) => locked.summaryEditVersion,
      baseVersion: body.base_version,
      notReadyKey: 'noteTools.summary.notReady',
    });
    if (note.summary == null) {
      throw new ApiError(409, ErrorCode.INVALID_INPUT, words.t('noteTools.summary.none'));
    }
    const edit = applySummaryChange(Summary.parse(note.summary), body.change);
    if (!edit.ok) throw new ApiError(422, ErrorCode.INVALID_INPUT, words.t(edit.refusal));
    // A summary stored without a version row gets one first, so the edit lands in a version.
    await keepCurrentSummary(tx, note);
    const [row] = await tx
      .update(notes)
      .set({
        summary: edit.summary,
        summaryEditVersion: sql`${notes.summaryEditVersion} + 1`,
      })
      .where(and(eq(notes.id, note.id), eq(notes.userId, userId)))
      .returning(noteDetailColumns);
    if (!row) throw notFoundError();
    if (row.summaryVersion !== null) {
      await tx
        .update(noteSummaries)
        .set({ summary: edit.summary })
        .where(
          and(eq(noteSummaries.noteId, note.id), eq(noteSummaries.version, row.summaryVersion)),
        );
    }
    return row;
  });
}
