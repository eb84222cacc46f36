import { z } from 'zod';
import { EntityId, idField } from './common.ts';
import { FOLDER_NAME_MAX_LENGTH } from './constants.ts';
import { defineEndpoint } from './endpoint.ts';
import { textField } from './fields.ts';

/**
 * A folder. Names are unique per user (docs/product.md#folders). `note_count` is how many notes it
 * holds; the list answer carries it (docs/product.md#folders), create and rename do not.
 */
export const Folder = z
  .object({ id: EntityId, name: z.string(), note_count: z.number().int().nonnegative().optional() })
  .meta({ id: 'Folder' });
export type Folder = z.infer<typeof Folder>;

/** "Folder name required" when empty after trimming (docs/product.md#folders). */
export const FolderName = textField('errors.folderNameRequired')
  .min(1, { error: 'errors.folderNameRequired' })
  .max(FOLDER_NAME_MAX_LENGTH, { error: 'validation.tooLong' });

/** "Folder ID required" (docs/product.md#folders). */
const FolderId = idField('errors.folderIdRequired');

export const CreateFolderBody = z.object({ name: FolderName }).meta({ id: 'CreateFolderBody' });
export type CreateFolderBody = z.infer<typeof CreateFolderBody>;

export const UpdateFolderBody = z
  .object({ id: FolderId, name: FolderName })
  .meta({ id: 'UpdateFolderBody' });
export type UpdateFolderBody = z.infer<typeof UpdateFolderBody>;

export const DeleteFolderBody = z.object({ id: FolderId }).meta({ id: 'DeleteFolderBody' });
export type DeleteFolderBody = z.infer<typeof DeleteFolderBody>;

export const FolderListResponse = z
  .object({ success: z.boolean(), folders: z.array(Folder) })
  .meta({ id: 'FolderListResponse' });
export type FolderListResponse = z.infer<typeof FolderListResponse>;

/** Answer of create, rename and delete; `folder` is the created or renamed folder. */
export const FolderResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), folder: Folder.optional() })
  .meta({ id: 'FolderResponse' });
export type FolderResponse = z.infer<typeof FolderResponse>;

export const listFolders = defineEndpoint({
  id: 'listFolders',
  method: 'GET',
  path: '/api/folder/list',
  tag: 'folders',
  summary: 'All folders of the user, by name, with how many notes each holds',
  auth: true,
  response: FolderListResponse,
});

export const createFolder = defineEndpoint({
  id: 'createFolder',
  method: 'POST',
  path: '/api/folder',
  tag: 'folders',
  summary: 'Create a folder',
  auth: true,
  body: CreateFolderBody,
  bodyKind: 'json',
  response: FolderResponse,
});

export const updateFolder = defineEndpoint({
  id: 'updateFolder',
  method: 'PUT',
  path: '/api/folder',
  tag: 'folders',
  summary: 'Rename a folder',
  auth: true,
  body: UpdateFolderBody,
  bodyKind: 'json',
  response: FolderResponse,
});

export const deleteFolder = defineEndpoint({
  id: 'deleteFolder',
  method: 'DELETE',
  path: '/api/folder',
  tag: 'folders',
  summary: 'Delete a folder; its notes stay, unfiled',
  auth: true,
  body: DeleteFolderBody,
  bodyKind: 'json',
  response: FolderResponse,
});
