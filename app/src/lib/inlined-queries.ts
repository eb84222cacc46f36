import type { DehydratedState } from '@tanstack/react-query';

/*
 * A page the server rendered with the reader's data carries the query cache it was rendered
 * from (docs/architecture.md#pages-rendered-with-data). The browser hydrates the page from the
 * same cache, or, when it cannot show the same (another account is stored here, the browser's
 * time zone is not the one the page was rendered in), renders the page itself.
 */

/** The element's id: `<script id="queries" type="application/json">`. */
export const INLINED_QUERIES_ID = 'queries';

export interface InlinedQueries {
  /** TanStack Query's dehydrated cache: the page's first queries with their answers. */
  state: DehydratedState;
  /** The time zone its times were written in. */
  timeZone: string;
  /** The account it was rendered for. */
  userId: number;
}

/** The cache the page carries, if it was rendered with data. */
export function inlinedQueries(doc: Document = document): InlinedQueries | undefined {
  const script = doc.getElementById(INLINED_QUERIES_ID);
  return script?.textContent ? (JSON.parse(script.textContent) as InlinedQueries) : undefined;
}

/**
 * Whether this browser shows what the page shows: the stored session is the same account's, and
 * the browser's time zone is the one the times were written in.
 */
export function matchesBrowser(
  data: InlinedQueries,
  storedUserId: number | undefined,
  timeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
): boolean {
  return data.userId === storedUserId && data.timeZone === timeZone;
}
