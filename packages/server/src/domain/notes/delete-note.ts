import { and, eq } from 'drizzle-orm';
import { notes } from '../../db/schema.ts';
import { notFoundError } from '../../lib/errors.ts';
import { refundHeldMinutes } from '../minutes.ts';
import { peaksKey } from '../../processing/peaks.ts';
import type { DomainDeps } from '../deps.ts';

/**
 * Deletes a note in any state. Minutes still held for it (an upload being processed) are
 * refunded in the same transaction, per period of their reservation, so none stay "running".
 * The job goes with the note (ON DELETE CASCADE); the recording is removed once the deletion is
 * committed, and a failure to remove it is logged, not reported: the note is gone either way.
 * @throws ApiError 404 when the user has no such note.
 */
export async function deleteNote(
  deps: DomainDeps,
  { userId, noteId }: { userId: number; noteId: number },
): Promise<void> {
  const audioKey = await deps.db.transaction(async (tx) => {
    // The row lock orders this against a worker finishing the note at the same moment.
    const [note] = await tx
      .select({ id: notes.id, audioKey: notes.audioKey })
      .from(notes)
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId)))
      .for('update');
    if (!note) throw notFoundError();
    await refundHeldMinutes(tx, noteId);
    await tx.delete(notes).where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
    return note.audioKey;
  });
  if (audioKey) {
    try {
      await deps.storage.remove(audioKey);
      await deps.storage.remove(peaksKey(audioKey));
    } catch (error) {
      deps.logger.error('note deleted, but its recording could not be removed', {
        noteId,
        err: error,
      });
    }
  }
}
