import { createFolder, deleteFolder, listFolders, updateFolder } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listFoldersRoute = routeFor(listFolders);
export const createFolderRoute = routeFor(createFolder);
export const updateFolderRoute = routeFor(updateFolder);
export const deleteFolderRoute = routeFor(deleteFolder);
