import type { PassagePart, SearchHit } from '@protokoll/contract';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { runPrepared, type Bind } from '../../db/prepared.ts';
import { notes, summarySearchConfig, transcriptSearchConfig } from '../../db/schema.ts';
import {
  listNotesQuery,
  newestFirst,
  noteListColumns,
  recentMatchIds,
  searchQuery,
  withSearchPlan,
  type NoteFilters,
  type NoteListRow,
} from './queries.ts';

/** Marks `ts_headline` puts around a found word; control characters never reach stored text. */
const START = '\u0001';
const STOP = '\u0002';
const MARKS = `StartSel=${START}, StopSel=${STOP}`;
/** A line up to this long is shown whole; a longer one (or the summary) is cut around the words. */
const WHOLE_LINE_CHARS = 240;
/** The cut: one fragment of words around the found ones, about two lines of a list row. */
const CUT_OPTIONS = `${MARKS}, MaxFragments=1, MinWords=8, MaxWords=24, ShortWord=2`;
const WHOLE_OPTIONS = `${MARKS}, HighlightAll=true`;

/** The note's own text search configurations, as its search vectors have them. */
const transcriptConfig = sql`(${transcriptSearchConfig()})`;
const summaryConfig = sql`(${summarySearchConfig()})`;

/** Splits a headline at its marks into plain and found parts. */
export function passageOf(headline: string): PassagePart[] {
  const parts: PassagePart[] = [];
  for (const [index, piece] of headline.split(new RegExp(`[${START}${STOP}]`, 'u')).entries()) {
    // Pieces alternate: outside the marks, inside, outside, …
    if (piece) parts.push({ text: piece, match: index % 2 === 1 });
  }
  return parts;
}

/**
 * Where a search found a note, as columns of a query over `notes`: the first transcript line whose
 * stored vector matches (`hit`, to be joined laterally), and the `ts_headline` passage of that
 * line or, when no line matches, of the summary.
 */
function hitColumns(db: Db, tsquery: SQL) {
  // The text its search vector is built from (migration 0017).
  const summaryText = sql`note_summary_text(${notes.summary})`;
  const hit = db
    .select({
      line: sql<number>`(line.ord - 1)::int`.as('hit_line'),
      text: sql<string>`${notes.segments} -> (line.ord - 1)::int ->> 'text'`.as('hit_text'),
    })
    .from(sql`unnest(${notes.lineSearch}) with ordinality as line(vector, ord)`)
    .where(sql`line.vector @@ ${tsquery}`)
    .orderBy(sql`line.ord`)
    .limit(1)
    .as('hit');
  const fields = {
    hitLine: hit.line,
    hitText: hit.text,
    headline: sql<string | null>`case
        when ${hit.text} is not null then ts_headline(${transcriptConfig}, ${hit.text}, ${tsquery},
          case when length(${hit.text}) <= ${WHOLE_LINE_CHARS} then ${WHOLE_OPTIONS} else ${CUT_OPTIONS} end)
        when ${notes.summary} is not null then ts_headline(${summaryConfig}, ${summaryText}, ${tsquery}, ${CUT_OPTIONS})
      end`,
  };
  return { hit, fields };
}

interface HitRow {
  id: number;
  hitLine: number | null;
  hitText: string | null;
  headline: string | null;
}

/** A row's search hit; undefined when the note matched by its name alone. */
function searchHitOf(row: HitRow): SearchHit | undefined {
  if (!row.headline) return undefined;
  const passage = passageOf(row.headline);
  // A summary passage without a found word: the note matched by its name.
  if (!passage.some((part) => part.match)) return undefined;
  const plain = passage.map((part) => part.text).join('');
  const whole = row.hitText;
  return {
    line: row.hitLine,
    passage,
    cut_start: whole === null ? true : !whole.trimStart().startsWith(plain.trimStart()),
    cut_end: whole === null ? true : !whole.trimEnd().endsWith(plain.trimEnd()),
  };
}

function hitsOf(rows: readonly HitRow[]): Map<number, SearchHit> {
  const hits = new Map<number, SearchHit>();
  for (const row of rows) {
    const hit = searchHitOf(row);
    if (hit) hits.set(row.id, hit);
  }
  return hits;
}

/** `recentMatchesQuery`'s page with each note's hit: one statement, prepared. */
function recentPageWithHitsQuery(
  db: Db,
  userId: number,
  filters: NoteFilters,
  page: { page: number; page_size: number },
  bind: Bind,
) {
  const { hit, fields } = hitColumns(db, searchQuery(filters.search_query ?? '', bind)!);
  return db
    .select({ ...noteListColumns, ...fields })
    .from(notes)
    .leftJoinLateral(hit, sql`true`)
    .where(
      and(
        eq(notes.userId, bind('userId', userId)),
        inArray(notes.id, recentMatchIds(db, userId, filters, page, undefined, bind)),
      ),
    )
    .orderBy(...newestFirst);
}

/** The hits of the notes `ids` of `userId`: one statement, the ids one array value. */
function searchHitsQuery(
  db: Db,
  userId: number,
  ids: readonly number[],
  query: string,
  bind: Bind,
) {
  const { hit, fields } = hitColumns(db, searchQuery(query, bind)!);
  return db
    .select({ id: notes.id, ...fields })
    .from(notes)
    .leftJoinLateral(hit, sql`true`)
    .where(
      and(
        eq(notes.userId, bind('userId', userId)),
        sql`${notes.id} = any(${bind('ids', [...ids])}::int[])`,
      ),
    );
}

/**
 * Where a search found each of the listed notes (docs/product.md#search-hits): the first
 * transcript line that matches, cut around the found words by `ts_headline`; or, when no line
 * does, a passage of the summary. A note found by its name alone has no hit. Only the page's notes
 * (at most a page size) are looked at, and a note's lines are tested one by one until the first
 * match, against their stored vectors (`notes.line_search`), so a common word costs a few lines
 * per note.
 */
export async function findSearchHits(
  db: Db,
  userId: number,
  ids: readonly number[],
  query: string,
): Promise<Map<number, SearchHit>> {
  if (!ids.length || !query.trim()) return new Map();
  const rows = await runPrepared(db, 'note_search_hits', (bind) =>
    searchHitsQuery(db, userId, ids, query, bind),
  );
  return hitsOf(rows);
}

/**
 * One page of a search, with where each note was found. The newest notes are tried first, page
 * and hits in one statement (`recentMatchesQuery`); when they hold fewer matches than the page
 * needs, the word is rare enough for the GIN index to answer quickly, and the page comes from
 * there (`withSearchPlan`), its hits after it.
 */
export async function searchNotes(
  db: Db,
  userId: number,
  filters: NoteFilters & { search_query: string },
  page: { page: number; page_size: number },
): Promise<{ rows: NoteListRow[]; hits: Map<number, SearchHit> }> {
  const recent = await runPrepared(db, 'note_search_page', (bind) =>
    recentPageWithHitsQuery(db, userId, filters, page, bind),
  );
  if (recent.length === page.page_size) {
    const rows = recent.map(
      ({ hitLine: _line, hitText: _text, headline: _headline, ...row }) => row,
    );
    return { rows, hits: hitsOf(recent) };
  }
  const rows = await withSearchPlan(db, filters, (db) => listNotesQuery(db, userId, filters, page));
  const hits = await findSearchHits(
    db,
    userId,
    rows.map((row) => row.id),
    filters.search_query,
  );
  return { rows, hits };
}
