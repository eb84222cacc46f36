import {
  isProcessing,
  SEARCH_COUNT_LIMIT,
  type NoteCountQuery,
  type NoteRetry,
} from '@protokoll/contract';
import { and, eq, getTableColumns, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { notFoundError } from '../../lib/errors.ts';
import type { Db } from '../../db/client.ts';
import { inline, preparedOnce, runPrepared, type Bind } from '../../db/prepared.ts';
import { jobs, notes, type NoteRow } from '../../db/schema.ts';

/**
 * The columns a list row needs: everything but transcript, summary and search vectors, which can
 * be large and are only read with one note.
 */
const {
  segments: _segments,
  summary: _summary,
  search: _search,
  lineSearch: _lineSearch,
  transcriptSearch: _transcriptSearch,
  speakerNames: _speakerNames,
  ...listColumns
} = getTableColumns(notes);
export const noteListColumns = listColumns;

/** A row as `noteListColumns` selects it. */
export type NoteListRow = Omit<
  NoteRow,
  'segments' | 'summary' | 'search' | 'lineSearch' | 'transcriptSearch' | 'speakerNames'
>;

/** The columns of one whole note: all but the search vectors, which only the database reads. */
const {
  search: _noteSearch,
  lineSearch: _noteLineSearch,
  transcriptSearch: _noteTranscriptSearch,
  ...detailColumns
} = getTableColumns(notes);
export const noteDetailColumns = detailColumns;

/** A row as `noteDetailColumns` selects it. */
export type NoteDetailRow = Omit<NoteRow, 'search' | 'lineSearch' | 'transcriptSearch'>;

/** The filters list and count share (the contract's count query is exactly that set). */
export type NoteFilters = Pick<
  NoteCountQuery,
  'folder_id' | 'start_date' | 'end_date' | 'search_query' | 'saved'
>;

const DAY_MS = 86_400_000;

/**
 * Calendar days are UTC days, as the minutes' calendar months are: the request names no time
 * zone. `end_date` is inclusive, so the bound is the start of the following day.
 */
function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

/** Letters and digits only: safe to hand to `to_tsquery` unquoted. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The plain words of a search, and the ones it excludes (`-budget`, as websearch syntax has it). */
function searchWords(query: string): { words: string[]; excluded: string[] } {
  const tokens = query.split(/\s+/u);
  const excluded = tokens.filter((token) => token.startsWith('-')).flatMap(wordsOf);
  const words = tokens.filter((token) => !token.startsWith('-')).flatMap(wordsOf);
  return { words: words.slice(0, 8), excluded: excluded.slice(0, 8) };
}

/** Prefix matching starts at this length: `ki:*` would match half the dictionary. */
const MIN_PREFIX_LENGTH = 3;
/** A typed word may run this many letters past its stem (`plann` for `plan`, `quarterl` for `quarter`). */
const MAX_TAIL_PAST_STEM = 3;

/**
 * One word typed partially, as `to_tsquery` text. Matching runs against stemmed lexemes, so a
 * partial word matches when its stem is a prefix of a lexeme (`vorst` → `vorstandssitz`), or when
 * it runs a few letters past the stem (`vorstandssitzu` → the lexeme `vorstandssitz`, found as an
 * exact lexeme of a shorter cut).
 */
function partialWord(word: string): string {
  if (word.length < MIN_PREFIX_LENGTH) return word;
  const variants = [`${word}:*`];
  const shortest = Math.max(MIN_PREFIX_LENGTH + 1, word.length - MAX_TAIL_PAST_STEM);
  for (let length = word.length - 1; length >= shortest; length -= 1) {
    variants.push(word.slice(0, length));
  }
  return `(${variants.join(' | ')})`;
}

/**
 * A search's plain words as partial words, all needed (`(budget:* | budge) & plan:*`), and the
 * words it excludes, any one enough to exclude (`kunden | tomaten`), as `to_tsquery` texts:
 * letters and digits only, so nothing in them is syntax of the user's. Both empty when the search
 * has no plain word (an exclusion alone would match every note).
 */
export function partialWordsText(query: string): { words: string; excluded: string } {
  const { words, excluded } = searchWords(query);
  if (!words.length) return { words: '', excluded: '' };
  return { words: words.map(partialWord).join(' & '), excluded: excluded.join(' | ') };
}

/**
 * The whole search as one tsquery, so the GIN index on `notes.search` answers it: the words as
 * typed (phrases, `-exclusions` and `or` of websearch syntax) under the German and under the
 * English configuration, the column's two choices, or every word as a partial word (so names are
 * found while being typed) under either, without a note that holds an excluded word under either.
 * Its shape is the same for every search, only its three texts change, so a query holding it can
 * be prepared (`bind`). An empty text is an empty tsquery, which `||` and `&&` leave out.
 */
export function searchQuery(query: string, bind: Bind = inline): SQL | undefined {
  const trimmed = query.trim();
  if (!trimmed) return undefined;
  const partial = partialWordsText(trimmed);
  const text = bind('searchText', trimmed);
  const words = bind('searchWords', partial.words);
  const excluded = bind('searchExcluded', partial.excluded);
  const both = (value: unknown) =>
    sql`(to_tsquery('german', ${value}) || to_tsquery('english', ${value}))`;
  const tsquery = sql`websearch_to_tsquery('german', ${text}) || websearch_to_tsquery('english', ${text}) || (${both(words)} && !!${both(excluded)})`;
  // Prepared, it is a subquery, so the database builds it once per statement, not once per row
  // tested: a generic plan cannot fold it into a constant. Inline, the planner folds it and
  // estimates how many notes match, which `withSearchPlan`'s choice of index needs.
  return bind === inline ? sql`(${tsquery})` : sql`(select ${tsquery})`;
}

/**
 * The owner's notes that match `filters`; every note query starts from here. `bind` names the
 * values when the query is prepared (`parameters`).
 */
export function noteConditions(userId: number, filters: NoteFilters, bind: Bind = inline): SQL {
  const conditions: (SQL | undefined)[] = [eq(notes.userId, bind('userId', userId))];
  if (filters.folder_id !== undefined) {
    conditions.push(eq(notes.folderId, bind('folderId', filters.folder_id)));
  }
  if (filters.saved !== undefined) conditions.push(eq(notes.saved, bind('saved', filters.saved)));
  if (filters.start_date) {
    conditions.push(gte(notes.createdAt, bind('from', dayStart(filters.start_date))));
  }
  if (filters.end_date) {
    const end = new Date(dayStart(filters.end_date).getTime() + DAY_MS);
    conditions.push(lt(notes.createdAt, bind('until', end)));
  }
  const search = filters.search_query ? searchQuery(filters.search_query, bind) : undefined;
  if (search) conditions.push(sql`${notes.search} @@ ${search}`);
  return and(...conditions) as SQL;
}

/**
 * Newest first; ties go to the later id, so pages never overlap. NULLS LAST as in the index
 * `notes_user_created_idx`: with the default (NULLS FIRST for DESC) the planner could not walk it.
 */
export const newestFirst = [
  sql`${notes.createdAt} desc nulls last`,
  sql`${notes.id} desc nulls last`,
];

/**
 * Runs a query of notes matching `filters`. A search goes through the GIN index on `notes.search`:
 * left alone, the planner walks the date index for a LIMIT and tests each note's (TOASTed, so
 * costly to read) search vector until ten match, which for a rare or misspelt word means the whole
 * table (a second and more at 100,000 notes), and it counts with a sequential scan that reads every
 * vector. With sequential and plain index scans off for this one transaction only bitmap scans
 * remain: the GIN index, or the owner's index where the planner finds that narrower (an owner with
 * few notes among many). `pnpm bench:notes` prints the plans.
 */
export async function withSearchPlan<T>(
  db: Db,
  filters: NoteFilters,
  run: (db: Db) => PromiseLike<T>,
): Promise<T> {
  if (!filters.search_query?.trim()) return run(db);
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'off', true)`,
    );
    return run(tx);
  });
}

/**
 * One page of the owner's notes, as a query to run (inside `withSearchPlan`). The page is picked
 * on ids alone (an index-only walk when there is no search), then only its rows are read: a deep
 * page skips index entries, not rows.
 */
export function listNotesQuery(
  db: Db,
  userId: number,
  filters: NoteFilters,
  page: { page: number; page_size: number },
  bind: Bind = inline,
) {
  const ids = db
    .select({ id: notes.id })
    .from(notes)
    .where(noteConditions(userId, filters, bind))
    .orderBy(...newestFirst)
    .limit(bind('limit', page.page_size))
    .offset(bind('offset', (page.page - 1) * page.page_size));
  return db
    .select(noteListColumns)
    .from(notes)
    .where(and(eq(notes.userId, bind('userId', userId)), inArray(notes.id, ids)))
    .orderBy(...newestFirst);
}

/**
 * How many of the owner's notes match, as a query to run (inside `withSearchPlan`); with `limit`,
 * it stops counting at `limit + 1`, so a word in most notes costs a thousand rows, not all.
 */
export function countNotesQuery(
  db: Db,
  userId: number,
  filters: NoteFilters,
  limit?: number,
  bind: Bind = inline,
) {
  if (limit === undefined) {
    return db
      .select({ count: sql<number>`count(*)::int` })
      .from(notes)
      .where(noteConditions(userId, filters, bind));
  }
  const matching = db
    .select({ id: notes.id })
    .from(notes)
    .where(noteConditions(userId, filters))
    .limit(limit + 1)
    .as('matching');
  return db.select({ count: sql<number>`count(*)::int` }).from(matching);
}

/**
 * How many of the owner's newest notes a search page looks through before it asks the GIN index
 * (`recentMatchesQuery`): at least this many, and twenty times the notes up to the page's end.
 */
export const RECENT_WINDOW = 500;
const WINDOW_PER_RESULT = 20;

export function recentWindow(page: { page: number; page_size: number }): number {
  return Math.max(RECENT_WINDOW, WINDOW_PER_RESULT * page.page * page.page_size);
}

/**
 * One page of a search among the owner's newest `window` notes (with the other filters): walked
 * newest first through `notes_user_created_idx`, the match tested on each. A common word fills
 * the page after a few dozen notes, where the GIN index would hand over every match of the table
 * to be sorted by date (about 93,000 for a word in most notes, half a second). When the window
 * holds the whole page, it is exactly the page the full search gives: every note outside the
 * window is older than all inside it. Run outside `withSearchPlan`: it needs the index scan.
 */
export function recentMatchesQuery(
  db: Db,
  userId: number,
  filters: NoteFilters,
  page: { page: number; page_size: number },
  window = recentWindow(page),
  bind: Bind = inline,
) {
  return db
    .select(noteListColumns)
    .from(notes)
    .where(
      and(
        eq(notes.userId, bind('userId', userId)),
        inArray(notes.id, recentMatchIds(db, userId, filters, page, window, bind)),
      ),
    )
    .orderBy(...newestFirst);
}

/** The ids of `recentMatchesQuery`'s page, as a subquery. */
export function recentMatchIds(
  db: Db,
  userId: number,
  filters: NoteFilters,
  page: { page: number; page_size: number },
  window = recentWindow(page),
  bind: Bind = inline,
) {
  const search = filters.search_query ? searchQuery(filters.search_query, bind) : undefined;
  const recent = db
    .select({ id: notes.id, createdAt: notes.createdAt, search: notes.search })
    .from(notes)
    .where(noteConditions(userId, { ...filters, search_query: undefined }, bind))
    .orderBy(...newestFirst)
    .limit(bind('window', window))
    .as('recent');
  return db
    .select({ id: recent.id })
    .from(recent)
    .where(search ? sql`${recent.search} @@ ${search}` : undefined)
    .orderBy(sql`${recent.createdAt} desc nulls last`, sql`${recent.id} desc nulls last`)
    .limit(bind('limit', page.page_size))
    .offset(bind('offset', (page.page - 1) * page.page_size));
}

/**
 * One page of the owner's notes without a search (a search's page comes with its hits:
 * `searchNotes` in search-hits.ts).
 */
export function listNotes(
  db: Db,
  userId: number,
  filters: NoteFilters,
  page: { page: number; page_size: number },
): Promise<NoteListRow[]> {
  return runPrepared(db, 'note_page', (bind) =>
    listNotesQuery(db, userId, { ...filters, search_query: undefined }, page, bind),
  );
}

/**
 * How many of the owner's notes match. Without a search the count is exact (an index walk); a
 * search's count stops at `limit` (docs/product.md#notes-lists) and says so with `more`.
 */
export async function countNotes(
  db: Db,
  userId: number,
  filters: NoteFilters,
  limit = SEARCH_COUNT_LIMIT,
): Promise<{ count: number; more: boolean }> {
  const capped = filters.search_query?.trim() ? limit : undefined;
  const [row] =
    capped === undefined
      ? await runPrepared(db, 'note_count', (bind) =>
          countNotesQuery(db, userId, filters, undefined, bind),
        )
      : await withSearchPlan(db, filters, (db) => countNotesQuery(db, userId, filters, capped));
  const count = row?.count ?? 0;
  return capped !== undefined && count > capped
    ? { count: capped, more: true }
    : { count, more: false };
}

/** The note `id` if `userId` owns it: ownership is part of the query, never checked afterwards. */
/** The id of one of the user's notes. @throws ApiError 404 when the user has no such note. */
export async function ownedNoteId(db: Db, userId: number, noteId: number): Promise<number> {
  const [note] = await db
    .select({ id: notes.id })
    .from(notes)
    .where(and(eq(notes.id, noteId), eq(notes.userId, userId)));
  if (!note) throw notFoundError();
  return note.id;
}

export async function findOwnedNote(
  db: Db,
  userId: number,
  id: number,
): Promise<NoteDetailRow | undefined> {
  const [row] = await preparedOnce(db, 'note_owned', (name) =>
    db
      .select(noteDetailColumns)
      .from(notes)
      .where(and(eq(notes.id, sql.placeholder('id')), eq(notes.userId, sql.placeholder('userId'))))
      .prepare(name),
  ).execute({ id, userId });
  return row;
}

/**
 * Why a processing note waits, when it does (docs/uploads.md#waiting-is-explained): its job is
 * back in the queue after a failed attempt. `maxAttempts` is the workers' JOB_MAX_ATTEMPTS.
 */
export async function findNoteRetry(
  db: Db,
  note: Pick<NoteRow, 'id' | 'status'>,
  maxAttempts: number,
): Promise<NoteRetry | null> {
  if (!isProcessing(note.status)) return null;
  const [job] = await db
    .select({
      state: jobs.state,
      attempts: jobs.attempts,
      runAt: jobs.runAt,
      lastErrorKey: jobs.lastErrorKey,
    })
    .from(jobs)
    .where(eq(jobs.noteId, note.id));
  if (!job || job.state !== 'queued' || job.attempts < 1 || !job.lastErrorKey) return null;
  return {
    attempt: job.attempts + 1,
    max_attempts: Math.max(maxAttempts, job.attempts + 1),
    next_attempt_at: job.runAt.toISOString(),
    last_error: job.lastErrorKey,
  };
}
