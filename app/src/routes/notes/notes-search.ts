import { CalendarDate, DEFAULT_PAGE, Id, SEARCH_QUERY_MAX_LENGTH } from '@protokoll/contract';
import type { NoteFilters } from '@protokoll/ui';
import { useLocation, useSearch } from 'wouter';

/**
 * What the notes pages keep in the URL (docs/architecture.md#web-app): the filters, the page and
 * the note open in the reader, e.g. `/notes?folder_id=3&search_query=Budget&page=2&note=12`. Names
 * are the list call's (docs/product.md#notes-lists), so a link reads like the request it makes.
 */
export interface NotesLocation {
  filters: NoteFilters;
  page: number;
  /** The note shown in the reader, if any. */
  noteId: number | undefined;
  /** Transcript line the reader opens at (a search hit, `at=4`). */
  at?: number | undefined;
}

const id = (value: string | null) => {
  const parsed = Id.safeParse(value ?? '');
  return parsed.success ? parsed.data : undefined;
};
const day = (value: string | null) =>
  value !== null && CalendarDate.safeParse(value).success ? value : undefined;

/**
 * Reads the URL's search part. A value that is not valid (typed by hand, or an old link) is left
 * out rather than failing the page; an inverted date range keeps only its start.
 */
export function readNotesSearch(search: string): NotesLocation {
  const params = new URLSearchParams(search);
  const query = params.get('search_query')?.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  const start = day(params.get('start_date'));
  let end = day(params.get('end_date'));
  if (start && end && start > end) end = undefined;
  const filters: NoteFilters = {};
  const folder = id(params.get('folder_id'));
  if (folder !== undefined) filters.folder_id = folder;
  if (query) filters.search_query = query;
  if (start) filters.start_date = start;
  if (end) filters.end_date = end;
  const noteId = id(params.get('note'));
  const at = /^\d{1,6}$/.test(params.get('at') ?? '') ? Number(params.get('at')) : undefined;
  return {
    filters,
    page: id(params.get('page')) ?? DEFAULT_PAGE,
    noteId,
    ...(noteId !== undefined && at !== undefined ? { at } : {}),
  };
}

/** The search part for a location, `?…` or `''`; the first page and empty filters are left out. */
export function writeNotesSearch({ filters, page, noteId, at }: NotesLocation): string {
  const params = new URLSearchParams();
  if (filters.folder_id !== undefined) params.set('folder_id', String(filters.folder_id));
  if (filters.search_query) params.set('search_query', filters.search_query);
  if (filters.start_date) params.set('start_date', filters.start_date);
  if (filters.end_date) params.set('end_date', filters.end_date);
  if (page !== DEFAULT_PAGE) params.set('page', String(page));
  if (noteId !== undefined) params.set('note', String(noteId));
  if (noteId !== undefined && at !== undefined) params.set('at', String(at));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Moves to another state of the page; `replace` keeps it out of the back button's way. */
export type Go = (next: NotesLocation, options?: { replace?: boolean }) => void;

/** The state a link, the back button or an old bookmark asks for, and a way to change it. */
export function useNotesLocation(path: string): [NotesLocation, Go] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const go: Go = (next, options) => navigate(`${path}${writeNotesSearch(next)}`, options);
  return [readNotesSearch(search), go];
}
