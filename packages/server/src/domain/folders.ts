// A user's folders. Names are unique per user regardless of case (a unique index on
// lower(name)); a folder's notes stay when it goes, unfiled.
import { ErrorCode, type Folder } from '@protokoll/contract';
import { and, count, eq } from 'drizzle-orm';
import { folders, notes } from '../db/schema.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { ApiError, notFoundError } from '../lib/errors.ts';
import type { DomainDeps } from './deps.ts';

export const FOLDER_EXISTS_MESSAGE = 'A folder with this name already exists.';

function folderExists(): ApiError {
  return new ApiError(409, ErrorCode.FOLDER_EXISTS, FOLDER_EXISTS_MESSAGE);
}

const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/**
 * By name as people read it (umlauts with their base letter, "Team 2" before "Team 10"), each with
 * how many notes it holds (counted on the owner's folder index, docs/product.md#folders).
 */
export async function listFolders(deps: DomainDeps, userId: number): Promise<Required<Folder>[]> {
  const rows = await deps.db
    .select({ id: folders.id, name: folders.name, note_count: count(notes.id) })
    .from(folders)
    .leftJoin(notes, and(eq(notes.folderId, folders.id), eq(notes.userId, userId)))
    .where(eq(folders.userId, userId))
    .groupBy(folders.id, folders.name);
  return rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

/** @throws ApiError 409 when the user has a folder of that name. */
export async function createFolder(
  deps: DomainDeps,
  userId: number,
  name: string,
): Promise<Folder> {
  try {
    const [folder] = await deps.db
      .insert(folders)
      .values({ userId, name })
      .returning({ id: folders.id, name: folders.name });
    if (!folder) throw new Error('insert returned no folder');
    return folder;
  } catch (error) {
    if (isUniqueViolation(error)) throw folderExists();
    throw error;
  }
}

/** @throws ApiError 404 for someone else's folder, 409 when the new name is taken. */
export async function renameFolder(
  deps: DomainDeps,
  userId: number,
  { id, name }: { id: number; name: string },
): Promise<Folder> {
  let folder: Folder | undefined;
  try {
    [folder] = await deps.db
      .update(folders)
      .set({ name })
      .where(and(eq(folders.id, id), eq(folders.userId, userId)))
      .returning({ id: folders.id, name: folders.name });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderExists();
    throw error;
  }
  if (!folder) throw notFoundError();
  return folder;
}

/**
 * The folder's notes stay, unfiled: the foreign key sets their folder_id to null.
 * @throws ApiError 404 for someone else's folder.
 */
export async function deleteFolder(deps: DomainDeps, userId: number, id: number): Promise<void> {
  const deleted = await deps.db
    .delete(folders)
    .where(and(eq(folders.id, id), eq(folders.userId, userId)))
    .returning({ id: folders.id });
  if (!deleted.length) throw notFoundError();
}
