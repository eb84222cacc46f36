import { describe, expect, it } from 'vitest';
import {
  CreateFolderBody,
  DeleteFolderBody,
  FolderListResponse,
  FolderResponse,
  UpdateFolderBody,
} from './folders.ts';

describe('folders', () => {
  it('accepts the list and mutation answers', () => {
    expect(
      FolderListResponse.safeParse({ success: true, folders: [{ id: 1, name: 'Vorstand' }] })
        .success,
    ).toBe(true);
    expect(FolderListResponse.safeParse({ success: true, folders: [{ id: 1 }] }).success).toBe(
      false,
    );
    expect(FolderResponse.safeParse({ success: true }).success).toBe(true);
    expect(
      FolderResponse.safeParse({ success: true, message: 'ok', folder: { id: 2, name: 'Kunden' } })
        .success,
    ).toBe(true);
  });

  it('needs a folder name after trimming ("Folder name required")', () => {
    expect(CreateFolderBody.parse({ name: '  Kunden ' })).toEqual({ name: 'Kunden' });
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 5 }]) {
      const result = CreateFolderBody.safeParse(body);
      expect(result.error?.issues[0]?.message).toBe('errors.folderNameRequired');
    }
    expect(UpdateFolderBody.safeParse({ id: 1, name: ' ' }).error?.issues[0]?.message).toBe(
      'errors.folderNameRequired',
    );
  });

  it('needs a folder id to rename or delete ("Folder ID required")', () => {
    expect(UpdateFolderBody.parse({ id: '3', name: 'Vorlesungen' })).toEqual({
      id: 3,
      name: 'Vorlesungen',
    });
    expect(DeleteFolderBody.parse({ id: 3 })).toEqual({ id: 3 });
    for (const body of [{}, { id: 'abc' }, { id: 0 }]) {
      expect(DeleteFolderBody.safeParse(body).error?.issues[0]?.message).toBe(
        'errors.folderIdRequired',
      );
    }
    expect(UpdateFolderBody.safeParse({ name: 'x' }).error?.issues[0]?.message).toBe(
      'errors.folderIdRequired',
    );
  });
});
