import { endpoints, ErrorCode } from '@protokoll/contract';
import { createMockDb, mockDb, type MockDb } from '../db.ts';
import { longNameFolders, manyFolders } from '../fixtures/folders.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse, notFound } from '../respond.ts';

const e = endpoints;

/** Handlers of the folders resource. Names are unique per user; deleting unfiles the notes. */
export function createFolderHandlers(db: MockDb = mockDb, options: HandleOptions = {}) {
  const taken = (name: string, exceptId?: number) =>
    db.folders.some(
      (folder) =>
        folder.id !== exceptId &&
        folder.name.toLocaleLowerCase('de') === name.toLocaleLowerCase('de'),
    );

  return [
    handle(
      e.listFolders,
      () =>
        reply(e.listFolders, {
          success: true,
          folders: [...db.folders]
            .sort((a, b) => a.name.localeCompare(b.name, 'de'))
            .map((folder) => ({
              id: folder.id,
              name: folder.name,
              note_count: db.notes.filter((note) => note.folder_id === folder.id).length,
            })),
        }),
      options,
    ),
    handle(
      e.createFolder,
      ({ body }) => {
        if (taken(body.name)) return errorResponse(409, ErrorCode.FOLDER_EXISTS);
        const folder = { id: db.nextId++, name: body.name };
        db.folders.push(folder);
        return reply(
          e.createFolder,
          { success: true, message: 'Folder created', folder },
          { status: 201 },
        );
      },
      options,
    ),
    handle(
      e.updateFolder,
      ({ body }) => {
        const folder = db.folders.find((f) => f.id === body.id);
        if (!folder) return notFound();
        if (taken(body.name, body.id)) return errorResponse(409, ErrorCode.FOLDER_EXISTS);
        folder.name = body.name;
        return reply(e.updateFolder, { success: true, message: 'Folder updated', folder });
      },
      options,
    ),
    handle(
      e.deleteFolder,
      ({ body }) => {
        const index = db.folders.findIndex((f) => f.id === body.id);
        if (index < 0) return notFound();
        db.folders.splice(index, 1);
        for (const note of db.notes) if (note.folder_id === body.id) note.folder_id = null;
        return reply(e.deleteFolder, { success: true, message: 'Folder deleted' });
      },
      options,
    ),
  ];
}

export const folderHandlers = createFolderHandlers();

/** Named folders scenarios (the `folders` key). */
export const folders = {
  default: () => folderHandlers,
  empty: () => createFolderHandlers(createMockDb({ folders: [] })),
  /** `count` generated folders, for a long sidebar. */
  many: (count = 24) => createFolderHandlers(createMockDb({ folders: manyFolders(count) })),
  /** Folders with long names (the ones `notes.longNames()` files its notes in). */
  longNames: () =>
    createFolderHandlers(createMockDb({ folders: structuredClone(longNameFolders) })),
  /** Loading the list fails with `status`. */
  failing: (status = 500) => [failWith(e.listFolders, status, ErrorCode.SERVER), ...folderHandlers],
  /** Create, rename and delete fail with `status`. */
  mutationsFailing: (status = 500) => [
    failWith(e.createFolder, status, ErrorCode.FOLDER_CREATE_FAILED),
    failWith(e.updateFolder, status, ErrorCode.FOLDER_UPDATE_FAILED),
    failWith(e.deleteFolder, status, ErrorCode.FOLDER_DELETE_FAILED),
    ...folderHandlers,
  ],
  slow: (ms = 3_000) => createFolderHandlers(mockDb, { latency: ms }),
};
