import type { NoteCountQuery, NoteListQuery } from '@protokoll/contract';

/** The list and count filters, plus `saved` for /saved-notes. */
export type NoteFilterQuery = Pick<
  NoteCountQuery,
  'folder_id' | 'start_date' | 'end_date' | 'search_query' | 'saved'
>;

/** One page of the list: the filters plus page and page size. */
export type NotePageQuery = NoteFilterQuery & Partial<Pick<NoteListQuery, 'page' | 'page_size'>>;

/**
 * Every query key of the app, built only here. Keys hold no user id: the whole cache is cleared
 * when a session ends (`createAppSession`), so one person's data never answers for another's.
 * Prefixes group what is reloaded together: `keys.notes.lists()` matches every page of the list.
 */
export const keys = {
  user: () => ['user'] as const,
  minutes: () => ['minutes'] as const,
  plan: () => ['plan'] as const,
  plans: () => ['plans'] as const,
  capabilities: () => ['capabilities'] as const,
  subscription: () => ['subscription'] as const,
  team: () => ['team'] as const,
  checkout: {
    status: (sessionId: string) => ['checkout', 'status', sessionId] as const,
  },
  notes: {
    all: () => ['notes'] as const,
    lists: () => ['notes', 'list'] as const,
    list: (query: NotePageQuery) => ['notes', 'list', query] as const,
    counts: () => ['notes', 'count'] as const,
    count: (filters: NoteFilterQuery) => ['notes', 'count', filters] as const,
    detail: (id: number) => ['notes', 'detail', id] as const,
    summaries: (id: number) => ['notes', 'summaries', id] as const,
    approval: (id: number) => ['notes', 'approval', id] as const,
  },
  /** A signature link's request (docs/formal-minutes.md#approval-and-signature). */
  signature: (token: string) => ['signature', token] as const,
  /** Outside `notes`: reloading notes never measures a recording's overview again. */
  peaks: (id: number) => ['peaks', id] as const,
  /** The user's glossary (`folder` undefined) or a folder's. */
  glossary: (folder?: number) => ['glossary', folder ?? 'own'] as const,
  folders: {
    all: () => ['folders'] as const,
    list: () => ['folders', 'list'] as const,
  },
};
