import { ErrorCode, errorKey, type Folder } from '@protokoll/contract';
import type { Hook } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { folders } from '../../db/schema.ts';
import { authOf } from '../../lib/auth/middleware.ts';
import type { AppEnv } from '../../lib/context.ts';
import { ApiError, notFoundError, toFieldIssues, validationError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { isUniqueViolation } from '../../lib/users.ts';
import type {
  createFolderRoute,
  deleteFolderRoute,
  listFoldersRoute,
  updateFolderRoute,
} from './folders.routes.ts';

/** SPEC §8 texts, to the letter. */
export const FOLDER_NAME_REQUIRED_MESSAGE = 'Folder name required';
export const FOLDER_ID_REQUIRED_MESSAGE = 'Folder ID required';
export const FOLDER_EXISTS_MESSAGE = 'A folder with this name already exists.';

const specFailures = [
  [ErrorCode.FOLDER_ID_REQUIRED, FOLDER_ID_REQUIRED_MESSAGE],
  [ErrorCode.FOLDER_NAME_REQUIRED, FOLDER_NAME_REQUIRED_MESSAGE],
] as const;

/**
 * A missing folder name or id answers with its SPEC §5 code and text (still 422 with the field
 * issues), so a client showing only the message shows the right one; other failures as usual.
 */
export const folderValidationHook: Hook<unknown, AppEnv, string, undefined> = (result) => {
  if (result.success) return;
  const issues = toFieldIssues(result.error);
  for (const [code, message] of specFailures) {
    if (issues.some((issue) => issue.message === errorKey(code))) {
      throw new ApiError(422, code, message, issues);
    }
  }
  throw validationError(result.error);
};

function folderExists(): ApiError {
  return new ApiError(409, ErrorCode.FOLDER_EXISTS, FOLDER_EXISTS_MESSAGE);
}

const byName = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

function toFolderDto(row: { id: number; name: string }): Folder {
  return { id: row.id, name: row.name };
}

/** By name as people read it (umlauts with their base letter, "Team 2" before "Team 10"). */
export const listFoldersHandler: AppRouteHandler<typeof listFoldersRoute> = async (c) => {
  const { userId } = authOf(c);
  const rows = await c.var.db
    .select({ id: folders.id, name: folders.name })
    .from(folders)
    .where(eq(folders.userId, userId));
  rows.sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, folders: rows.map(toFolderDto) }, 200);
};

export const createFolderHandler: AppRouteHandler<typeof createFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  const { name } = c.req.valid('json');
  try {
    const [folder] = await c.var.db
      .insert(folders)
      .values({ userId, name })
      .returning({ id: folders.id, name: folders.name });
    if (!folder) throw new Error('insert returned no folder');
    return c.json({ success: true, message: 'Folder created', folder: toFolderDto(folder) }, 200);
  } catch (error) {
    // Names are unique per user regardless of case (a unique index on lower(name)).
    if (isUniqueViolation(error)) throw folderExists();
    throw error;
  }
};

export const updateFolderHandler: AppRouteHandler<typeof updateFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id, name } = c.req.valid('json');
  let folder: { id: number; name: string } | undefined;
  try {
    [folder] = await c.var.db
      .update(folders)
      .set({ name })
      .where(and(eq(folders.id, id), eq(folders.userId, userId)))
      .returning({ id: folders.id, name: folders.name });
  } catch (error) {
    if (isUniqueViolation(error)) throw folderExists();
    throw error;
  }
  if (!folder) throw notFoundError();
  return c.json({ success: true, message: 'Folder renamed', folder: toFolderDto(folder) }, 200);
};

/** The folder's notes stay, unfiled: the foreign key sets their folder_id to null. */
export const deleteFolderHandler: AppRouteHandler<typeof deleteFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('json');
  const deleted = await c.var.db
    .delete(folders)
    .where(and(eq(folders.id, id), eq(folders.userId, userId)))
    .returning({ id: folders.id });
  if (!deleted.length) throw notFoundError();
  return c.json({ success: true, message: 'Folder deleted' }, 200);
};
