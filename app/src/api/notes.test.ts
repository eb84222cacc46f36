import type { Endpoint, Folder, Note, NoteDetail } from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import {
  afterNoteDeleted,
  afterNoteMoved,
  fetchNoteCount,
  fetchNotes,
  noteKeys,
  notesState,
  useDeleteNote,
  useMoveNote,
  useNotesState,
  useUpdateNote,
} from './notes.ts';
import {
  folderKeys,
  useCreateFolder,
  useDeleteFolder,
  useFolders,
  useUpdateFolder,
} from './folders.ts';

/*
 * The notes state rules of SPEC §3/§4/§7 over a fake API client: what each call answers is set
 * per test, every call is recorded.
 */

type Handler = (input: { query?: unknown; body?: unknown; params?: unknown }) => unknown;
const handlers: Record<string, Handler> = {};
const calls: { id: string; input: unknown }[] = [];
const session = {
  refreshUser: vi.fn(async () => {}),
  loadMinutes: vi.fn(async () => {}),
};

vi.mock('../session/session-context.ts', () => ({
  useSessionState: () => ({ user: { id: 7 } }),
  loadSession: async () => {
    const { endpoints } = await import('@protokoll/contract');
    return {
      endpoints,
      session,
      client: {
        async call(endpoint: Endpoint, input: Parameters<Handler>[0] = {}) {
          calls.push({ id: endpoint.id, input });
          const handler = handlers[endpoint.id];
          if (!handler) throw new ApiError('http', 500, 'internal', `no handler: ${endpoint.id}`);
          return handler(input);
        },
      },
    };
  },
}));

const note = (id: number, patch: Partial<Note> = {}): Note => ({
  id,
  name: `Notiz ${id}`,
  folder_id: null,
  status: 'done',
  progress: 100,
  error: null,
  file_name: `notiz-${id}.mp3`,
  size: 1000,
  duration_seconds: 60,
  minutes_charged: 1,
  language: 'de',
  summary_language: 'de',
  summary_model: 'extractive',
  structure: 'minutes',
  design: 'classic',
  transcript_type: 'verbatim',
  speakers: 0,
  transcribe: true,
  saved: false,
  created_at: '2025-03-02T09:00:00.000Z',
  updated_at: '2025-03-02T09:00:00.000Z',
  ...patch,
});
const detail = (id: number, patch: Partial<NoteDetail> = {}): NoteDetail => ({
  ...note(id),
  speaker_names: {},
  segments: [],
  summary: null,
  ...patch,
});

const serverError = () => {
  throw new ApiError('http', 500, 'internal', 'boom');
};

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: React.ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return { queryClient, wrapper };
}

beforeEach(() => {
  for (const key of Object.keys(handlers)) delete handlers[key];
  calls.length = 0;
  session.refreshUser.mockReset().mockResolvedValue(undefined);
  session.loadMinutes.mockReset().mockResolvedValue(undefined);
});

describe('list and count loads', () => {
  it('send the filters and page as the query of the list and count calls', async () => {
    handlers.listNotes = () => ({ success: true, notes: [note(1)] });
    handlers.countNotes = () => ({ success: true, count: 11 });
    const filters = { folder_id: 3, search_query: 'Budget', start_date: '2025-03-01' };
    await expect(fetchNotes({ ...filters, page: 2, page_size: 10 })).resolves.toEqual([note(1)]);
    await expect(fetchNoteCount(filters)).resolves.toBe(11);
    expect(calls.map(({ id, input }) => [id, (input as { query: unknown }).query])).toEqual([
      ['listNotes', { ...filters, page: 2, page_size: 10 }],
      ['countNotes', filters],
    ]);
  });

  it('rethrow a failure instead of answering an empty list', async () => {
    handlers.listNotes = serverError;
    handlers.countNotes = serverError;
    await expect(fetchNotes({ page: 1 })).rejects.toMatchObject({ status: 500 });
    await expect(fetchNoteCount({})).rejects.toMatchObject({ status: 500 });
  });
});

describe('notesState (SPEC §3 notes, noteCount, notesLoading)', () => {
  const ok = <T>(data: T) => ({ data, isPending: false, isError: false, error: null });
  const failed = (error: unknown, data?: unknown) => ({
    data: data as never,
    isPending: false,
    isError: true,
    error,
  });
  const pending = { data: undefined, isPending: true, isError: false, error: null };

  it('is loading until both the list and the count have arrived', () => {
    expect(notesState(pending, ok(3))).toMatchObject({ notesLoading: true, status: 'loading' });
    expect(notesState(ok([note(1)]), pending)).toMatchObject({
      notes: [],
      notesLoading: true,
      status: 'loading',
    });
  });

  it('shows the page and the count once both are there', () => {
    expect(notesState(ok([note(1), note(2)]), ok(12))).toEqual({
      notes: [note(1), note(2)],
      noteCount: 12,
      notesLoading: false,
      status: 'ready',
      error: undefined,
    });
  });

  it('clears the list when the list load failed, even with notes from before', () => {
    const error = new ApiError('timeout', 0, 'timeout', 'slow');
    expect(notesState(failed(error, [note(1)]), ok(5))).toEqual({
      notes: [],
      noteCount: 0,
      notesLoading: false,
      status: 'error',
      error,
    });
  });

  it('clears the list when the count load failed', () => {
    const error = new ApiError('http', 500, 'internal', 'boom');
    expect(notesState(ok([note(1)]), failed(error, 5))).toMatchObject({
      notes: [],
      noteCount: 0,
      status: 'error',
      error,
    });
  });

  it('clears a shown list when a reload of its count fails', async () => {
    handlers.listNotes = () => ({ success: true, notes: [note(1), note(2)] });
    let countFails = false;
    handlers.countNotes = () => (countFails ? serverError() : { success: true, count: 2 });
    const { wrapper } = setup();
    const { result } = renderHook(() => useNotesState({ page: 1, page_size: 10 }), { wrapper });
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.notes).toHaveLength(2);

    countFails = true;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.status).toBe('error'));
    expect(result.current.notes).toEqual([]);
    expect(result.current.noteCount).toBe(0);
  });
});

describe('after a note changed (SPEC §4)', () => {
  function cached(queryClient: QueryClient) {
    queryClient.setQueryData(noteKeys.list(7, { page: 1 }), [note(1), note(2)]);
    queryClient.setQueryData(noteKeys.count(7, {}), 2);
    queryClient.setQueryData(noteKeys.detail(7, 1), detail(1));
    queryClient.setQueryData(noteKeys.detail(7, 2), detail(2));
    queryClient.setQueryData(folderKeys.list(7), [{ id: 3, name: 'Projekt' }]);
  }
  const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated;

  it('a deletion reloads the notes, refreshes the user data and reloads the minutes', async () => {
    const { queryClient } = setup();
    cached(queryClient);
    await afterNoteDeleted(queryClient, session, 1);
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
    expect(session.loadMinutes).toHaveBeenCalledTimes(1);
    expect(invalidated(queryClient, noteKeys.list(7, { page: 1 }))).toBe(true);
    expect(invalidated(queryClient, noteKeys.count(7, {}))).toBe(true);
    // The deleted note's reader data is gone; other notes and the folders are untouched.
    expect(queryClient.getQueryData(noteKeys.detail(7, 1))).toBeUndefined();
    expect(queryClient.getQueryData(noteKeys.detail(7, 2))).toEqual(detail(2));
    expect(invalidated(queryClient, folderKeys.list(7))).toBe(false);
  });

  it('a move reloads the notes and refreshes the user data, not the minutes', async () => {
    const { queryClient } = setup();
    cached(queryClient);
    await afterNoteMoved(queryClient, session);
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
    expect(session.loadMinutes).not.toHaveBeenCalled();
    expect(invalidated(queryClient, noteKeys.list(7, { page: 1 }))).toBe(true);
    expect(invalidated(queryClient, noteKeys.count(7, {}))).toBe(true);
  });

  it('a failed user refresh does not turn the finished deletion into a failure', async () => {
    const { queryClient } = setup();
    session.refreshUser.mockRejectedValue(new ApiError('offline', 0, 'offline', 'x'));
    await expect(afterNoteDeleted(queryClient, session, 1)).resolves.toBeUndefined();
    expect(session.loadMinutes).toHaveBeenCalledTimes(1);
  });

  it('the delete and move hooks call the API and then apply those rules', async () => {
    handlers.deleteNote = () => ({ success: true });
    handlers.moveNote = () => ({ success: true });
    const { wrapper } = setup();
    const remove = renderHook(() => useDeleteNote(), { wrapper });
    await act(() => remove.result.current.mutateAsync(4));
    expect(calls.at(-1)).toEqual({ id: 'deleteNote', input: { query: { id: 4 } } });
    expect(session.refreshUser).toHaveBeenCalledTimes(1);
    expect(session.loadMinutes).toHaveBeenCalledTimes(1);

    const move = renderHook(() => useMoveNote(), { wrapper });
    await act(() => move.result.current.mutateAsync({ note_id: 4, folder_id: 3 }));
    expect(calls.at(-1)).toEqual({
      id: 'moveNote',
      input: { body: { note_id: 4, folder_id: 3 } },
    });
    expect(session.refreshUser).toHaveBeenCalledTimes(2);
    expect(session.loadMinutes).toHaveBeenCalledTimes(1);
  });

  it('a failed deletion rejects and refreshes nothing', async () => {
    handlers.deleteNote = serverError;
    const { wrapper } = setup();
    const remove = renderHook(() => useDeleteNote(), { wrapper });
    await expect(act(() => remove.result.current.mutateAsync(4))).rejects.toMatchObject({
      status: 500,
    });
    expect(session.refreshUser).not.toHaveBeenCalled();
    expect(session.loadMinutes).not.toHaveBeenCalled();
  });

  it('an update puts the answered note into the reader and reloads the lists', async () => {
    const renamed = detail(1, { speaker_names: { S1: 'Erika' } });
    handlers.updateNote = () => ({ success: true, note: renamed });
    const { queryClient, wrapper } = setup();
    cached(queryClient);
    const update = renderHook(() => useUpdateNote(), { wrapper });
    await act(() => update.result.current.mutateAsync({ id: 1, speaker_names: { S1: 'Erika' } }));
    expect(queryClient.getQueryData(noteKeys.detail(7, 1))).toEqual(renamed);
    expect(invalidated(queryClient, noteKeys.list(7, { page: 1 }))).toBe(true);
  });
});

describe('folders (SPEC §4: create, update and delete reload the folder list)', () => {
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
    const shown = () => queryClient.getQueryData(folderKeys.list(7));
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
