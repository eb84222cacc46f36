import type { NoteDetail, Note } from '@protokoll/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error.ts';
import { callCount, calls, handlers, resetFakeApi } from '../fake-api.ts';
import { keys } from '../../lib/query-keys.ts';
import { minutesQueryOptions } from '../user/minutes.ts';
import { userQueryOptions } from '../user/user.ts';
import { fetchNoteCount } from './count.ts';
import { afterNoteDeleted, useDeleteNote } from './delete.ts';
import { fetchNotes } from './list.ts';
import { afterNoteMoved, useMoveNote } from './move.ts';
import { notesState, useNotesState } from './notes-state.ts';
import { useRetryNote } from './retry.ts';
import { useUpdateNote } from './update.ts';

/*
 * The notes rules over a fake API client: what each call answers is set per test, every call is
 * recorded. A failed list or count load clears the list; a deletion or move refreshes the user
 * data, a deletion reloads the minutes too.
 */

vi.mock('../../session/session-context.ts', () => import('../fake-api.ts'));

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

beforeEach(resetFakeApi);

describe('list and count loads', () => {
  it('send the filters and page as the query of the list and count calls', async () => {
    handlers.listNotes = () => ({ success: true, notes: [note(1)] });
    handlers.countNotes = () => ({ success: true, count: 11 });
    const filters = { folder_id: 3, search_query: 'Budget', start_date: '2025-03-01' };
    await expect(fetchNotes({ ...filters, page: 2, page_size: 10 })).resolves.toEqual([note(1)]);
    await expect(fetchNoteCount(filters)).resolves.toEqual({ count: 11, more: false });
    // A search's count that stopped at its limit says so.
    handlers.countNotes = () => ({ success: true, count: 1000, more: true });
    await expect(fetchNoteCount(filters)).resolves.toEqual({ count: 1000, more: true });
    expect(calls.map(({ id, input }) => [id, (input as { query: unknown }).query])).toEqual([
      ['listNotes', { ...filters, page: 2, page_size: 10 }],
      ['countNotes', filters],
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

describe('notesState: the notes, their count and whether they load', () => {
  const ok = <T>(data: T) => ({ data, isPending: false, isError: false, error: null });
  const failed = (error: unknown, data?: unknown) => ({
    data: data as never,
    isPending: false,
    isError: true,
    error,
  });
  const pending = { data: undefined, isPending: true, isError: false, error: null };

  it('is loading until both the list and the count have arrived', () => {
    expect(notesState(pending, ok({ count: 3, more: false }))).toMatchObject({
      notesLoading: true,
      status: 'loading',
    });
    expect(notesState(ok([note(1)]), pending)).toMatchObject({
      notes: [],
      notesLoading: true,
      status: 'loading',
    });
  });

  it('shows the page and the count once both are there', () => {
    expect(notesState(ok([note(1), note(2)]), ok({ count: 12, more: false }))).toEqual({
      notes: [note(1), note(2)],
      noteCount: 12,
      noteCountMore: false,
      notesLoading: false,
      status: 'ready',
      error: undefined,
    });
  });

  it("passes on that a search's count stopped at its limit", () => {
    expect(notesState(ok([note(1)]), ok({ count: 1000, more: true }))).toMatchObject({
      noteCount: 1000,
      noteCountMore: true,
      status: 'ready',
    });
  });

  it('clears the list when the list load failed, even with notes from before', () => {
    const error = new ApiError('timeout', 0, 'timeout', 'slow');
    expect(notesState(failed(error, [note(1)]), ok({ count: 5, more: false }))).toEqual({
      notes: [],
      noteCount: 0,
      noteCountMore: false,
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

describe('after a note changed', () => {
  const user = { id: 7, email: 'erika@example.com', firstName: 'Erika', lastName: 'M' };
  const minutes = {
    total: 30,
    used: 1,
    remaining: 29,
    running: 0,
    unlimited: false,
    has_active_plan: true,
  };
  beforeEach(() => {
    handlers.getUser = () => ({ success: true, user });
    handlers.getMinutes = () => ({ success: true, minutes });
  });

  async function cached(queryClient: QueryClient) {
    queryClient.setQueryData(keys.notes.list({ page: 1 }), [note(1), note(2)]);
    queryClient.setQueryData(keys.notes.count({}), 2);
    queryClient.setQueryData(keys.notes.detail(1), detail(1));
    queryClient.setQueryData(keys.notes.detail(2), detail(2));
    queryClient.setQueryData(keys.folders.list(), [{ id: 3, name: 'Projekt' }]);
    // The account data the shell and the dashboard show, loaded as they load it.
    await queryClient.prefetchQuery(userQueryOptions());
    await queryClient.prefetchQuery(minutesQueryOptions());
    calls.length = 0;
  }
  const invalidated = (queryClient: QueryClient, key: readonly unknown[]) =>
    queryClient.getQueryState(key)?.isInvalidated;

  it('a deletion reloads the notes and the folders, refreshes the user data and reloads the minutes', async () => {
    const { queryClient } = setup();
    await cached(queryClient);
    await afterNoteDeleted(queryClient, 1);
    expect(callCount('getUser')).toBe(1);
    expect(callCount('getMinutes')).toBe(1);
    expect(invalidated(queryClient, keys.notes.list({ page: 1 }))).toBe(true);
    expect(invalidated(queryClient, keys.notes.count({}))).toBe(true);
    // The deleted note's reader data is gone; other notes stay.
    expect(queryClient.getQueryData(keys.notes.detail(1))).toBeUndefined();
    expect(queryClient.getQueryData(keys.notes.detail(2))).toEqual(detail(2));
    // Its folder holds one note less (docs/product.md#folders).
    expect(invalidated(queryClient, keys.folders.list())).toBe(true);
  });

  it('a move reloads the notes and the folders, refreshes the user data, not the minutes', async () => {
    const { queryClient } = setup();
    await cached(queryClient);
    await afterNoteMoved(queryClient);
    expect(callCount('getUser')).toBe(1);
    expect(callCount('getMinutes')).toBe(0);
    expect(invalidated(queryClient, keys.notes.list({ page: 1 }))).toBe(true);
    expect(invalidated(queryClient, keys.notes.count({}))).toBe(true);
    // The counts of the folder it left and the one it entered (docs/product.md#folders).
    expect(invalidated(queryClient, keys.folders.list())).toBe(true);
  });

  it('a failed user refresh does not turn the finished deletion into a failure', async () => {
    const { queryClient } = setup();
    await cached(queryClient);
    handlers.getUser = () => {
      throw new ApiError('offline', 0, 'offline', 'x');
    };
    await expect(afterNoteDeleted(queryClient, 1)).resolves.toBeUndefined();
    expect(callCount('getUser')).toBe(1);
    expect(callCount('getMinutes')).toBe(1);
  });

  it('the delete and move hooks call the API and then apply those rules', async () => {
    handlers.deleteNote = () => ({ success: true });
    handlers.moveNote = () => ({ success: true });
    const { queryClient, wrapper } = setup();
    await cached(queryClient);
    const remove = renderHook(() => useDeleteNote(), { wrapper });
    await act(() => remove.result.current.mutateAsync(4));
    expect(calls[0]).toEqual({ id: 'deleteNote', input: { query: { id: 4 } } });
    expect(callCount('getUser')).toBe(1);
    expect(callCount('getMinutes')).toBe(1);

    const move = renderHook(() => useMoveNote(), { wrapper });
    await act(() => move.result.current.mutateAsync({ note_id: 4, folder_id: 3 }));
    expect(calls.find((call) => call.id === 'moveNote')).toEqual({
      id: 'moveNote',
      input: { body: { note_id: 4, folder_id: 3 } },
    });
    expect(callCount('getUser')).toBe(2);
    expect(callCount('getMinutes')).toBe(1);
  });

  it('a failed deletion rejects and refreshes nothing', async () => {
    handlers.deleteNote = serverError;
    const { queryClient, wrapper } = setup();
    await cached(queryClient);
    const remove = renderHook(() => useDeleteNote(), { wrapper });
    await expect(act(() => remove.result.current.mutateAsync(4))).rejects.toMatchObject({
      status: 500,
    });
    expect(callCount('getUser')).toBe(0);
    expect(callCount('getMinutes')).toBe(0);
    expect(invalidated(queryClient, keys.notes.list({ page: 1 }))).toBe(false);
    expect(invalidated(queryClient, keys.folders.list())).toBe(false);
  });

  it('an update puts the answered note into the reader and reloads the lists, not the readers', async () => {
    const renamed = detail(1, { speaker_names: { S1: 'Erika' } });
    handlers.updateNote = () => ({ success: true, note: renamed });
    const { queryClient, wrapper } = setup();
    await cached(queryClient);
    const update = renderHook(() => useUpdateNote(), { wrapper });
    await act(() => update.result.current.mutateAsync({ id: 1, speaker_names: { S1: 'Erika' } }));
    expect(queryClient.getQueryData(keys.notes.detail(1))).toEqual(renamed);
    expect(invalidated(queryClient, keys.notes.list({ page: 1 }))).toBe(true);
    expect(invalidated(queryClient, keys.notes.count({}))).toBe(true);
    expect(invalidated(queryClient, keys.notes.detail(2))).toBe(false);
    expect(callCount('getMinutes')).toBe(0);
  });

  it('a retry shows the answered note and reloads the minutes it reserves', async () => {
    const queued = detail(1, { status: 'queued', error: null });
    handlers.retryNote = () => ({ success: true, note: queued });
    const { queryClient, wrapper } = setup();
    await cached(queryClient);
    const retry = renderHook(() => useRetryNote(), { wrapper });
    await act(() => retry.result.current.mutateAsync(1));
    expect(calls[0]).toEqual({ id: 'retryNote', input: { params: { id: 1 } } });
    expect(queryClient.getQueryData(keys.notes.detail(1))).toEqual(queued);
    expect(invalidated(queryClient, keys.notes.list({ page: 1 }))).toBe(true);
    expect(callCount('getMinutes')).toBe(1);
  });
});
