import type { MoveNoteBody } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import { folders, notes } from '../../db/schema.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { DomainDeps } from '../deps.ts';

/**
 * Into one of the user's own folders (another user's folder counts as missing), or unfiled with
 * a null folder.
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
  let moved: { id: number }[];
  try {
    moved = await deps.db
      .update(notes)
      .set({ folderId })
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId), ownFolder))
      .returning({ id: notes.id });
  } catch (error) {
    // The folder was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw notFoundError();
    throw error;
  }
  if (!moved.length) throw notFoundError();
}
