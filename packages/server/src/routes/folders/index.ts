import { createRouter } from '../../http/openapi.ts';
import {
  createFolderHandler,
  deleteFolderHandler,
  folderValidationHook,
  listFoldersHandler,
  updateFolderHandler,
} from './folders.handlers.ts';
import {
  createFolderRoute,
  deleteFolderRoute,
  listFoldersRoute,
  updateFolderRoute,
} from './folders.routes.ts';

export const foldersRouter = () =>
  createRouter()
    .openapi(listFoldersRoute, listFoldersHandler)
    .openapi(createFolderRoute, createFolderHandler, folderValidationHook)
    .openapi(updateFolderRoute, updateFolderHandler, folderValidationHook)
    .openapi(deleteFolderRoute, deleteFolderHandler, folderValidationHook);
