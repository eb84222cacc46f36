import type { Folder } from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { callCount, calls, handlers, resetFakeApi } from '../fake-api.ts';
import { keys } from '../../lib/query-keys.ts';
import { useDeleteNote } from '../notes/delete.ts';
import { useMoveNote } from '../notes/move.ts';
import { useCreateFolder } from './create.ts';
import { useDeleteFolder } from './delete.ts';
import { useFolders } from './list.ts';
import { useUpdateFolder } from './update.ts';

vi.mock('../../session/session-context.ts', () => import('../fake-api.ts'));

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return { queryClient, wrapper };
}

beforeEach(resetFakeApi);

describe('folders: create, update and delete reload the folder list', () => {
  let folders: Folder[];
  beforeEach(() => {
    folders = [{ id: 1, name: 'Kunden' }];
    handlers.listFolders = () => ({ success: true, folders: [...folders] });
  });

  async function renderFolders() {
    const { queryClient, wrapper } = setup();
    const hooks = renderHook(
      () => ({
        list: useFolders(),
        create: useCreateFolder(),
        update: useUpdateFolder(),
        remove: useDeleteFolder(),
      }),
      { wrapper },
    );
    await waitFor(() => expect(hooks.result.current.list.data).toEqual(folders));
    // What the list shows next: the cache, as it stands when a call's promise settles.
    const shown = () => queryClient.getQueryData(keys.folders.list());
    return { ...hooks, shown };
  }

  it('create: the promise settles after the list holds the new folder', async () => {
    const { result, shown } = await renderFolders();
    handlers.createFolder = ({ body }) => {
      const folder = { id: 2, name: (body as { name: string }).name };
      folders.push(folder);
      return { success: true, folder };
    };
    await act(() => result.current.create.mutateAsync('Größere Projekte'));
    expect(shown()).toEqual([
      { id: 1, name: 'Kunden' },
      { id: 2, name: 'Größere Projekte' },
    ]);
  });

  it('rename and delete reload the list too', async () => {
    const { result, shown } = await renderFolders();
    handlers.updateFolder = ({ body }) => {
      folders = [{ id: 1, name: (body as { name: string }).name }];
      return { success: true };
    };
    await act(() => result.current.update.mutateAsync({ id: 1, name: 'Bestandskunden' }));
    expect(shown()).toEqual([{ id: 1, name: 'Bestandskunden' }]);

    handlers.deleteFolder = () => {
      folders = [];
      return { success: true };
    };
    await act(() => result.current.remove.mutateAsync(1));
    expect(calls.at(-2)).toEqual({ id: 'deleteFolder', input: { body: { id: 1 } } });
    expect(shown()).toEqual([]);
  });

  it('a failed create rejects and leaves the list as it was', async () => {
    const { result, shown } = await renderFolders();
    handlers.createFolder = () => {
      throw new ApiError('http', 409, 'folderExists', 'exists');
    };
    const listCalls = calls.filter((call) => call.id === 'listFolders').length;
    await expect(act(() => result.current.create.mutateAsync('Kunden'))).rejects.toMatchObject({
      code: 'folderExists',
    });
    expect(calls.filter((call) => call.id === 'listFolders')).toHaveLength(listCalls);
    expect(shown()).toEqual([{ id: 1, name: 'Kunden' }]);
  });
});

describe('folders: the note counts follow a note that is moved or deleted', () => {
  // The server's counts: note 4 in "Kunden", nothing in "Projekt".
  let folderOf: Record<number, number | null>;
  const counted = (): Folder[] =>
    [
      { id: 1, name: 'Kunden' },
      { id: 2, name: 'Projekt' },
    ].map((folder) => ({
      ...folder,
      note_count: Object.values(folderOf).filter((id) => id === folder.id).length,
    }));
  beforeEach(() => {
    folderOf = { 4: 1, 5: 1 };
    handlers.listFolders = () => ({ success: true, folders: counted() });
    handlers.listNotes = () => ({ success: true, notes: [] });
    handlers.getUser = () => ({ success: true, user: { id: 7, email: 'erika@example.com' } });
    handlers.getMinutes = () => ({ success: true, minutes: { total: 30 } });
  });

  async function renderCounts() {
    const { queryClient, wrapper } = setup();
    const hooks = renderHook(
      () => ({ list: useFolders(), move: useMoveNote(), remove: useDeleteNote() }),
      { wrapper },
    );
    await waitFor(() => expect(hooks.result.current.list.isSuccess).toBe(true));
    const counts = () =>
      queryClient.getQueryData<Folder[]>(keys.folders.list())?.map((folder) => folder.note_count);
    expect(counts()).toEqual([2, 0]);
    return { ...hooks, counts };
  }

  it('a move: the promise settles after the list shows one more in the target, one less in the source', async () => {
    const { result, counts } = await renderCounts();
    handlers.moveNote = ({ body }) => {
      const { note_id, folder_id } = body as { note_id: number; folder_id: number | null };
      folderOf[note_id] = folder_id;
      return { success: true };
    };
    const listCalls = callCount('listFolders');
    await act(() => result.current.move.mutateAsync({ note_id: 4, folder_id: 2 }));
    expect(callCount('listFolders')).toBe(listCalls + 1);
    expect(counts()).toEqual([1, 1]);
    // Out of every folder: unfiled notes are in none of the counts.
    await act(() => result.current.move.mutateAsync({ note_id: 4, folder_id: null }));
    expect(counts()).toEqual([1, 0]);
  });

  it('a deletion: the promise settles after the list shows one less in its folder', async () => {
    const { result, counts } = await renderCounts();
    handlers.deleteNote = ({ query }) => {
      delete folderOf[(query as { id: number }).id];
      return { success: true };
    };
    const listCalls = callCount('listFolders');
    await act(() => result.current.remove.mutateAsync(5));
    expect(callCount('listFolders')).toBe(listCalls + 1);
    expect(counts()).toEqual([1, 0]);
  });

  it('a failed move reloads no folder list', async () => {
    const { result, counts } = await renderCounts();
    handlers.moveNote = () => {
      throw new ApiError('http', 404, 'notFound', 'gone');
    };
    const listCalls = callCount('listFolders');
    await expect(
      act(() => result.current.move.mutateAsync({ note_id: 4, folder_id: 2 })),
    ).rejects.toMatchObject({ status: 404 });
    expect(callCount('listFolders')).toBe(listCalls);
    expect(counts()).toEqual([2, 0]);
  });
});
