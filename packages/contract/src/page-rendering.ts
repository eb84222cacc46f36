/*
 * Signed-in pages the server renders with the reader's own data
 * (docs/architecture.md#pages-rendered-with-data): what the server and the app's render module
 * agree on. Zod-free: the server reads it on every page request, the app's browser entry never.
 */

/**
 * The pages, in their German form (each in every locale), whose largest first content is the
 * account's data: rendered on the server, they paint it from their HTML.
 */
export const DATA_RENDERED_PATHS: readonly string[] = ['/notes'];

/** One page to render for one request. */
export interface DataRenderRequest {
  /** The address: `/notes`, `/en/notes`. */
  address: string;
  /** Its search part, `?folder_id=3&page=2` or `''`. */
  search: string;
  /** The request's access token (from the auth cookie), checked by the API as every bearer. */
  token: string;
  /** The reader's time zone (from the time-zone cookie), a valid IANA name. */
  timeZone: string;
  /** Answers `GET /api/…` as the server does over HTTP, without the network. */
  fetch: typeof fetch;
}

/** What the app's render module (`dist/.ssr/entry-server.js`) offers the server. */
export interface DataPageRenderer {
  /**
   * The page's whole document with its data, or null when it cannot be rendered so (the token is
   * refused, an answer failed, the address shows what the server does not render): the server
   * then answers as for any visitor. One render at a time: a second call while one runs throws.
   */
  renderDocumentWithData(request: DataRenderRequest): Promise<string | null>;
}

/** Whether `zone` is a time zone this runtime knows (`Europe/Berlin`), so a render can use it. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
