import type { PassagePart, SearchHit } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { parameters, preparedOnce, type Bind } from '../../db/prepared.ts';
import { notes, noteSearchConfig } from '../../db/schema.ts';
import { searchQuery } from './queries.ts';

/** Marks `ts_headline` puts around a found word; control characters never reach stored text. */
const START = '\u0001';
const STOP = '\u0002';
const MARKS = `StartSel=${START}, StopSel=${STOP}`;
/** A line up to this long is shown whole; a longer one (or the summary) is cut around the words. */
const WHOLE_LINE_CHARS = 240;
/** The cut: one fragment of words around the found ones, about two lines of a list row. */
const CUT_OPTIONS = `${MARKS}, MaxFragments=1, MinWords=8, MaxWords=24, ShortWord=2`;
const WHOLE_OPTIONS = `${MARKS}, HighlightAll=true`;

/** The note's own text search configuration, as its search column has it. */
const noteConfig = sql`(${noteSearchConfig()})`;

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
 * The search hits of the notes `ids` of `userId`, as a query: fixed in shape (the ids are one
 * array value, the search three texts), so it is prepared once (docs/architecture.md#hot-queries).
 */
function searchHitsQuery(
  db: Db,
  userId: number,
  ids: readonly number[],
  query: string,
  bind: Bind,
) {
  const tsquery = searchQuery(query, bind);
  const summaryText = sql`coalesce((select string_agg(value #>> '{}', ' ') from jsonb_path_query(${notes.summary}, 'strict $.** ? (@.type() == "string")') as v(value)), '')`;
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
  return db
    .select({
      id: notes.id,
      line: hit.line,
      lineText: hit.text,
      headline: sql<string | null>`case
        when ${hit.text} is not null then ts_headline(${noteConfig}, ${hit.text}, ${tsquery},
          case when length(${hit.text}) <= ${WHOLE_LINE_CHARS} then ${WHOLE_OPTIONS} else ${CUT_OPTIONS} end)
        when ${notes.summary} is not null then ts_headline(${noteConfig}, ${summaryText}, ${tsquery}, ${CUT_OPTIONS})
      end`,
    })
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
  const hits = new Map<number, SearchHit>();
  if (!ids.length || !query.trim()) return hits;
  const { bind, values } = parameters();
  searchHitsQuery(db, userId, ids, query, bind);
  const rows = await preparedOnce(db, 'note_search_hits', (name) =>
    searchHitsQuery(db, userId, ids, query, parameters().bind).prepare(name),
  ).execute(values);
  for (const row of rows) {
    if (!row.headline) continue;
    const passage = passageOf(row.headline);
    // A summary passage without a found word: the note matched by its name.
    if (!passage.some((part) => part.match)) continue;
    const plain = passage.map((part) => part.text).join('');
    const whole = row.lineText ?? null;
    hits.set(row.id, {
      line: row.line,
      passage,
      cut_start: whole === null ? true : !whole.trimStart().startsWith(plain.trimStart()),
      cut_end: whole === null ? true : !whole.trimEnd().endsWith(plain.trimEnd()),
    });
  }
  return hits;
}
