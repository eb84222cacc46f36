import { ErrorCode, errorKey, type Folder } from '@protokoll/contract';
import type { Hook } from '@hono/zod-openapi';
import { createFolder, deleteFolder, listFolders, renameFolder } from '../../domain/folders.ts';
import { authOf } from '../../http/auth.ts';
import type { AppEnv } from '../../http/context.ts';
import { ApiError, toFieldIssues, validationError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { depsOf } from '../deps.ts';
import type {
  createFolderRoute,
  deleteFolderRoute,
  listFoldersRoute,
  updateFolderRoute,
} from './folders.routes.ts';

/** The fixed English texts of docs/errors.md#error-codes, to the letter. */
export const FOLDER_NAME_REQUIRED_MESSAGE = 'Folder name required';
export const FOLDER_ID_REQUIRED_MESSAGE = 'Folder ID required';

const specFailures = [
  [ErrorCode.FOLDER_ID_REQUIRED, FOLDER_ID_REQUIRED_MESSAGE],
  [ErrorCode.FOLDER_NAME_REQUIRED, FOLDER_NAME_REQUIRED_MESSAGE],
] as const;

/**
 * A missing folder name or id answers with its own code and text (still 422 with the field
 * issues, docs/errors.md#field-issues), so a client showing only the message shows the right one;
 * other failures as usual.
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

function toFolderDto(row: Folder): Folder {
  return { id: row.id, name: row.name };
}

export const listFoldersHandler: AppRouteHandler<typeof listFoldersRoute> = async (c) => {
  const { userId } = authOf(c);
  const rows = await listFolders(depsOf(c), userId);
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      success: true,
      folders: rows.map((row) => ({ ...toFolderDto(row), note_count: row.note_count })),
    },
    200,
  );
};

export const createFolderHandler: AppRouteHandler<typeof createFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  const folder = await createFolder(depsOf(c), userId, c.req.valid('json').name);
  return c.json({ success: true, message: 'Folder created', folder: toFolderDto(folder) }, 200);
};

export const updateFolderHandler: AppRouteHandler<typeof updateFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  const folder = await renameFolder(depsOf(c), userId, c.req.valid('json'));
  return c.json({ success: true, message: 'Folder renamed', folder: toFolderDto(folder) }, 200);
};

export const deleteFolderHandler: AppRouteHandler<typeof deleteFolderRoute> = async (c) => {
  const { userId } = authOf(c);
  await deleteFolder(depsOf(c), userId, c.req.valid('json').id);
  return c.json({ success: true, message: 'Folder deleted' }, 200);
};
