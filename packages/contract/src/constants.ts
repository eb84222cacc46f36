/** Fixed business numbers (docs/architecture.md#constants). */
export const LOGIN_TIMEOUT_MS = 100_000;
export const LOGIN_RETRIES = 1;
export const REGISTER_TIMEOUT_MS = 10_000;
export const REGISTER_RETRIES = 1;
export const PORTAL_TIMEOUT_MS = 10_000;
export const MINUTES_TIMEOUT_MS = 5_000;
export const USER_TIMEOUT_MS = 5_000;
export const VALIDATE_TIMEOUT_MS = 5_000;
export const PLAN_TIMEOUT_MS = 5_000;
export const REFRESH_TIMEOUT_MS = 8_000;
/** Timeout for calls without one of their own. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/**
 * Timeout for calls that change something (create, rename, move, delete, save) without one of
 * their own: a dialog waiting for one never spins longer than this (docs/errors.md#every-action-ends).
 */
export const ACTION_TIMEOUT_MS = 10_000;

export const AUTH_COOKIE_MAX_AGE_S = 8 * 60 * 60;
export const AUTH_COOKIE_NAME = 'auth';
/**
 * The refresh token's copy in a cookie, for the server to render a signed-in page with the
 * reader's data once the access token has expired (docs/sessions.md#refresh-cookie).
 */
export const REFRESH_COOKIE_NAME = 'auth_refresh';
export const STORED_SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const AUTH_STORAGE_KEY = 'auth-token';
export const PENDING_CHECKOUT_KEY = 'pending_checkout_session';

/** Largest id: ids are PostgreSQL `integer`s (serial), 2^31 − 1. */
export const ID_MAX = 2_147_483_647;

export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;
/** Upper bound of `page_size`, so one request cannot ask for every note at once. */
export const MAX_PAGE_SIZE = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 100;
export const FOLDER_NAME_MAX_LENGTH = 100;
export const NOTE_NAME_MAX_LENGTH = 200;
export const SEARCH_QUERY_MAX_LENGTH = 200;
/**
 * A search's count stops here (docs/product.md#notes-lists): counting a word found in most of
 * 100,000 notes exactly means visiting each of them; beyond this the screen says "more than".
 */
export const SEARCH_COUNT_LIMIT = 1_000;
export const SUPPORT_SUBJECT_MAX_LENGTH = 200;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5_000;

/** Download defaults (docs/uploads.md#exports): `note.{format}` and this content type. */
export const DEFAULT_DOWNLOAD_CONTENT_TYPE = 'application/octet-stream';

export const DELETE_CONFIRMATION = 'DELETE';
export const DEFAULT_PLAN_NAME = 'Free';
/** Plan type of the free plan; every other type is premium (docs/minutes.md#premium). */
export const FREE_PLAN_TYPE = 'free';

export const UPLOAD_ENTRY_REMOVE_DELAY_MS = 2_000;

export const LOCALE_CACHE_MS = 24 * 60 * 60 * 1000;
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const LOCALE_COOKIE_KEY = 'i18n_redirected';
/**
 * The reader's time zone (an IANA name), written by the app with the session: a page the server
 * renders with the reader's data shows its times as the browser will
 * (docs/architecture.md#pages-rendered-with-data).
 */
export const TIME_ZONE_COOKIE_NAME = 'tz';
export const TIME_ZONE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export const CHUNK_RELOAD_GUARD_MS = 10_000;
/** How often an open tab asks whether a new build is out (docs/architecture.md#new-builds). */
export const NEW_BUILD_POLL_MS = 5 * 60_000;
/** Route chunks loaded ahead of a visit at once, at most (docs/architecture.md#route-prefetch). */
export const PREFETCH_CONCURRENCY = 4;
export const ROUTE_PREFETCH_CONCURRENCY = 4;
/** A mailed reset link lives one hour (docs/sessions.md#password-and-address-changes). */
export const ONE_HOUR_MS = 3_600_000;
export const PASSWORD_RESET_TTL_MS = ONE_HOUR_MS;
/** How long a team invitation link works (docs/product.md#teams). */
export const TEAM_INVITATION_TTL_MS = 7 * 24 * ONE_HOUR_MS;

/** Remaining minutes above this count as unlimited (docs/minutes.md#unlimited). */
export const UNLIMITED_MINUTES_THRESHOLD = 1e12;

export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'de';
/** German has no prefix; English lives under this one. */
export const LOCALE_PREFIX: Record<Locale, string> = { de: '', en: '/en' };
