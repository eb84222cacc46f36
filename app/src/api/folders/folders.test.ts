import type { Folder } from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { calls, handlers, resetFakeApi } from '../fake-api.ts';
import { keys } from '../keys.ts';
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
