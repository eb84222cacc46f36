import type { Locale } from './constants.ts';
import type { Segment, Summary } from './notes.ts';

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

/**
 * What a share link shows (docs/sharing.md#the-page): the note as its owner shared it, the parts
 * not shared already left out by the server.
 */
export interface SharedNoteView {
  name: string;
  /** When the note was made (ISO). */
  created_at: string;
  duration_seconds: number | null;
  structure: string;
  summary: Summary | null;
  speaker_names: Record<string, string>;
  /** Empty when the transcript is not shared. */
  segments: Segment[];
  /** Whether the transcript is shared (an empty one is then said to be empty). */
  transcript: boolean;
  /** The recording's address through the link (range requests), when the audio is shared. */
  audio_src: string | null;
  /** Set for an extract: the agenda items or summary parts it keeps. */
  extract: { items?: number[]; sections?: string[] } | null;
  expires_at: string | null;
}

/** Why a share page shows no note. */
export type ShareGoneReason = 'revoked' | 'expired' | 'unknown' | 'limited';

/** One share page to render (docs/sharing.md#the-page). */
export interface ShareRenderRequest {
  /** The page's language: the note's, unless the visitor chose the other. */
  locale: Locale;
  /** The page's own path (`/s/<token>`): the code form posts to it, the language links add `?lang=`. */
  path: string;
  timeZone: string;
  page:
    | { kind: 'note'; note: SharedNoteView }
    /** The link asks for its access code; `wrong` after a wrong one, `limited` after too many. */
    | { kind: 'code'; wrong: boolean; limited: boolean }
    /**
     * Revoked, expired, or no such link: the page says it is not available (status 404);
     * `limited` after too many unknown links from one address (status 429).
     */
    | { kind: 'gone'; reason: ShareGoneReason };
}

/** What the app's render module (`dist/.ssr/entry-server.js`) offers the server. */
export interface DataPageRenderer {
  /** A share page's whole document: static, readable and printable without any script. */
  renderShareDocument(request: ShareRenderRequest): Promise<string>;
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
