import type { PassagePart, SearchHit } from '@protokoll/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
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

interface HitRow {
  id: number;
  line: number | null;
  line_text: string | null;
  headline: string | null;
}

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
  const tsquery = searchQuery(query);
  if (!ids.length || !tsquery) return hits;
  const summaryText = sql`coalesce((select string_agg(value #>> '{}', ' ') from jsonb_path_query(${notes.summary}, 'strict $.** ? (@.type() == "string")') as v(value)), '')`;
  const result = await db.execute(sql`
    with q as (select ${tsquery} as query)
    select ${notes.id} as id, hit.line, hit.text as line_text,
      case
        when hit.text is not null then ts_headline(${noteConfig}, hit.text, q.query,
          case when length(hit.text) <= ${WHOLE_LINE_CHARS} then ${WHOLE_OPTIONS} else ${CUT_OPTIONS} end)
        when ${notes.summary} is not null then ts_headline(${noteConfig}, ${summaryText}, q.query, ${CUT_OPTIONS})
      end as headline
    from ${notes}
    cross join q
    left join lateral (
      select (line.ord - 1)::int as line, ${notes.segments} -> (line.ord - 1)::int ->> 'text' as text
      from unnest(${notes.lineSearch}) with ordinality as line(vector, ord)
      where line.vector @@ q.query
      order by line.ord
      limit 1
    ) hit on true
    where ${and(eq(notes.userId, userId), inArray(notes.id, [...ids]))}
  `);
  for (const row of rowsOf<HitRow>(result)) {
    if (!row.headline) continue;
    const passage = passageOf(row.headline);
    // A summary passage without a found word: the note matched by its name.
    if (!passage.some((part) => part.match)) continue;
    const plain = passage.map((part) => part.text).join('');
    const whole = row.line_text ?? null;
    hits.set(row.id, {
      line: row.line,
      passage,
      cut_start: whole === null ? true : !whole.trimStart().startsWith(plain.trimStart()),
      cut_end: whole === null ? true : !whole.trimEnd().endsWith(plain.trimEnd()),
    });
  }
  return hits;
}
