import type { MoveNoteBody } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import { folders, notes } from '../../db/schema.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';
import { enterInRegister } from '../registers.ts';

/**
 * Into one of the user's own folders (another user's folder counts as missing), or unfiled with
 * a null folder. Final minutes moved into a Gremium's folder enter its Beschluss-Sammlung
 * (docs/formal-minutes.md#registers).
 * @throws ApiError 404 when the user has no such note or no such folder.
 */
export async function moveNote(
  deps: DomainDeps,
  userId: number,
  { note_id: noteId, folder_id: folderId }: MoveNoteBody,
): Promise<void> {
  const ownFolder =
    folderId === null
      ? sql`true`
      : sql`exists (select 1 from ${folders} where ${folders.id} = ${folderId} and ${folders.userId} = ${userId})`;
  try {
    await deps.db.transaction(async (tx) => {
      const moved = await tx
        .update(notes)
        .set({ folderId })
        .where(and(eq(notes.id, noteId), eq(notes.userId, userId), ownFolder))
        .returning({ id: notes.id });
      if (!moved.length) throw notFoundError();
      // Final minutes moved into a Gremium's folder enter its Beschluss-Sammlung.
      if (folderId !== null) await enterInRegister(tx, userId, noteId);
    });
  } catch (error) {
    // The folder was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw notFoundError();
    throw error;
  }
}
