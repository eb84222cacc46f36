import type {
  Download,
  DownloadFormat,
  MoveNoteBody,
  Note,
  NoteCountQuery,
  NoteDetail,
  NoteListQuery,
  UpdateNoteBody,
} from '@protokoll/contract';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { saveDownload } from '../lib/download.ts';
import type { Session } from '../session/session.ts';
import { loadSession, useSessionState } from '../session/session-context.ts';

/*
 * The note calls of SPEC §7 and PRODUCT.md, one fetcher + query options + hook per call, and the
 * notes state rules of SPEC §3/§4 on top of TanStack Query: a failed list or count load leaves
 * an empty list (and the fetcher's error stands), a deletion or move refreshes the user data, a
 * deletion reloads the minutes too.
 */

/** How often notes that are still being processed are asked for again. */
export const PROCESSING_POLL_MS = 2000;

/** The list and count filters (SPEC §7), plus `saved` for /saved-notes. */
export type NoteFilterQuery = Pick<
  NoteCountQuery,
  'folder_id' | 'start_date' | 'end_date' | 'search_query' | 'saved'
>;
/** One page of the list: the filters plus page and page size. */
export type NotePageQuery = NoteFilterQuery & Partial<Pick<NoteListQuery, 'page' | 'page_size'>>;

/** Query keys; the user's id keeps one person's notes from showing after another signs in. */
export const noteKeys = {
  all: ['notes'] as const,
  list: (userId: number | undefined, query: NotePageQuery) =>
    ['notes', userId, 'list', query] as const,
  count: (userId: number | undefined, filters: NoteFilterQuery) =>
    ['notes', userId, 'count', filters] as const,
  detail: (userId: number | undefined, id: number) => ['notes', userId, 'detail', id] as const,
};

/** Statuses in which the server is still working on a note (PRODUCT.md "Note"). */
export function isProcessing(note: Pick<Note, 'status'>): boolean {
  return (
    note.status === 'queued' || note.status === 'transcribing' || note.status === 'summarizing'
  );
}

/** The session actions the notes rules call; the real session in the app, a fake in tests. */
export type NotesSession = Pick<Session, 'refreshUser' | 'loadMinutes'>;

/**
 * User data is refreshed as a consequence of a change that already succeeded: its failure must
 * not turn that success into an error (a 401 still signs out, inside `refreshUser`).
 */
function quietly(work: Promise<unknown>): Promise<void> {
  return work.then(
    () => undefined,
    () => undefined,
  );
}

/** SPEC §4: after a note deletion, the notes, the user data and the minutes are reloaded. */
export async function afterNoteDeleted(
  queryClient: QueryClient,
  session: NotesSession,
  id: number,
): Promise<void> {
  // The deleted note's reader cache would answer for a note that is gone.
  queryClient.removeQueries({
    queryKey: noteKeys.all,
    predicate: ({ queryKey }) => queryKey[2] === 'detail' && queryKey[3] === id,
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: noteKeys.all }),
    quietly(session.refreshUser()),
    quietly(session.loadMinutes()),
  ]);
}

/** SPEC §4: after a note moved, the notes and the user data are reloaded. */
export async function afterNoteMoved(
  queryClient: QueryClient,
  session: NotesSession,
): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: noteKeys.all }),
    quietly(session.refreshUser()),
  ]);
}

// GET /api/note/list

/** One page of notes; a failure is thrown on (SPEC §7), never turned into an empty answer. */
export async function fetchNotes(query: NotePageQuery, signal?: AbortSignal): Promise<Note[]> {
  const { client, endpoints } = await loadSession();
  const { notes } = await client.call(endpoints.listNotes, { query, signal });
  return notes;
}

export function notesQueryOptions(userId: number | undefined, query: NotePageQuery) {
  return queryOptions({
    queryKey: noteKeys.list(userId, query),
    queryFn: ({ signal }) => fetchNotes(query, signal),
    // Notes change without this tab (the worker, other tabs and devices): a page that opens
    // shows what it has and asks again at once.
    staleTime: 0,
    // Another page or filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    // Processing notes update live.
    refetchInterval: (query) => (query.state.data?.some(isProcessing) ? PROCESSING_POLL_MS : false),
    // The API client already applies the contract's retries (none for the list).
    retry: false,
  });
}

export function useNotes(query: NotePageQuery) {
  const { user } = useSessionState();
  return useQuery(notesQueryOptions(user?.id, query));
}

// GET /api/note/count

export async function fetchNoteCount(
  filters: NoteFilterQuery,
  signal?: AbortSignal,
): Promise<number> {
  const { client, endpoints } = await loadSession();
  const { count } = await client.call(endpoints.countNotes, { query: filters, signal });
  return count;
}

export function noteCountQueryOptions(userId: number | undefined, filters: NoteFilterQuery) {
  return queryOptions({
    queryKey: noteKeys.count(userId, filters),
    queryFn: ({ signal }) => fetchNoteCount(filters, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useNoteCount(filters: NoteFilterQuery) {
  const { user } = useSessionState();
  return useQuery(noteCountQueryOptions(user?.id, filters));
}

/** SPEC §3 notes state, as the list screens take it. */
export interface NotesState {
  notes: Note[];
  noteCount: number;
  notesLoading: boolean;
  status: 'loading' | 'error' | 'ready';
  /** The failure of the list or the count load. */
  error: unknown;
}

interface LoadResult<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * SPEC §7: a failed list or count load clears the list. Both answers belong together (the
 * pagination reads the count), so the list is only shown when both have arrived.
 */
export function notesState(list: LoadResult<Note[]>, count: LoadResult<number>): NotesState {
  if (list.isError || count.isError) {
    return {
      notes: [],
      noteCount: 0,
      notesLoading: false,
      status: 'error',
      error: list.isError ? list.error : count.error,
    };
  }
  if (list.isPending || count.isPending || !list.data || count.data === undefined) {
    return { notes: [], noteCount: 0, notesLoading: true, status: 'loading', error: undefined };
  }
  return {
    notes: list.data,
    noteCount: count.data,
    notesLoading: false,
    status: 'ready',
    error: undefined,
  };
}

/** A page of notes with the count of all that match: SPEC §3 notes, noteCount, notesLoading. */
export function useNotesState(query: NotePageQuery) {
  const { page: _page, page_size: _pageSize, ...filters } = query;
  const list = useNotes(query);
  const count = useNoteCount(filters);
  return {
    ...notesState(list, count),
    /** Loads both again, e.g. after "Retry". */
    reload: () => {
      void list.refetch();
      void count.refetch();
    },
  };
}

// GET /api/note/{id}

export async function fetchNote(id: number, signal?: AbortSignal): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.getNote, { params: { id }, signal });
  return note;
}

export function noteQueryOptions(userId: number | undefined, id: number) {
  return queryOptions({
    queryKey: noteKeys.detail(userId, id),
    queryFn: ({ signal }) => fetchNote(id, signal),
    staleTime: 0,
    // The reader follows a note that is still processing until it is done or failed.
    refetchInterval: (query) =>
      query.state.data && isProcessing(query.state.data) ? PROCESSING_POLL_MS : false,
    retry: false,
  });
}

export function useNote(id: number | undefined) {
  const { user } = useSessionState();
  return useQuery({ ...noteQueryOptions(user?.id, id ?? 0), enabled: id !== undefined });
}

/** Puts a note the server answered with into the reader's cache and reloads the lists. */
function noteChanged(queryClient: QueryClient, userId: number | undefined, note: NoteDetail) {
  queryClient.setQueryData(noteKeys.detail(userId, note.id), note);
  return queryClient.invalidateQueries({
    queryKey: noteKeys.all,
    predicate: (query) => query.queryKey[2] !== 'detail',
  });
}

// PATCH /api/note

export async function updateNote(body: UpdateNoteBody): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.updateNote, { body });
  return note;
}

/** Rename, save or unsave, or name the speakers of a note. */
export function useUpdateNote() {
  const queryClient = useQueryClient();
  const { user } = useSessionState();
  return useMutation({
    mutationFn: updateNote,
    onSuccess: (note) => noteChanged(queryClient, user?.id, note),
  });
}

// POST /api/note/{id}/retry

export async function retryNote(id: number): Promise<NoteDetail> {
  const { client, endpoints } = await loadSession();
  const { note } = await client.call(endpoints.retryNote, { params: { id } });
  return note;
}

/** Runs the failed step again; the minutes it reserves show at once. */
export function useRetryNote() {
  const queryClient = useQueryClient();
  const { user } = useSessionState();
  return useMutation({
    mutationFn: retryNote,
    onSuccess: async (note) => {
      const { session } = await loadSession();
      await Promise.all([noteChanged(queryClient, user?.id, note), quietly(session.loadMinutes())]);
    },
  });
}

// DELETE /api/note?id=

export async function deleteNote(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.deleteNote, { query: { id } });
}

export function useDeleteNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: async (_answer, id) =>
      afterNoteDeleted(queryClient, (await loadSession()).session, id),
  });
}

// POST /api/note/move

export async function moveNote(body: MoveNoteBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.moveNote, { body });
}

export function useMoveNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveNote,
    onSuccess: async () => afterNoteMoved(queryClient, (await loadSession()).session),
  });
}

// GET /api/note/{id}/{format}

export async function fetchDownload(id: number, format: DownloadFormat): Promise<Download> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.downloadNote, { params: { id, format } });
}

/**
 * Downloads a note as a file: true once it is saved, false on any failure (SPEC §7), which the
 * caller reports.
 */
export function downloadNote(id: number, format: DownloadFormat): Promise<boolean> {
  return saveDownload(() => fetchDownload(id, format), format);
}
