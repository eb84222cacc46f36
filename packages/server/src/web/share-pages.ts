// The pages of share links (docs/sharing.md#the-page): `/s/<token>` renders the shared note for
// anyone with the link, on the server and without a script; a link with an access code first asks
// for it (a form posted to the same address, the proof kept in a cookie on the link's own path);
// `/s/<token>/audio` serves the recording with range requests through the link alone. Revoked,
// expired and unknown links answer 404 with a page that says so. Nothing of the page is cached,
// indexed or sent on as a referrer.
import {
  isTimeZone,
  LOCALES,
  SHARE_PATH_PREFIX,
  TIME_ZONE_COOKIE_NAME,
  type Locale,
  type ShareRenderRequest,
} from '@protokoll/contract';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import {
  checkShareCode,
  countShareView,
  hasShareAccess,
  openShare,
  shareAccessProof,
  sharedViewOf,
  type OpenedShare,
} from '../domain/shares.ts';
import { findOwnedNote } from '../domain/notes/queries.ts';
import { findRecording, type Recording } from '../domain/notes/recording.ts';
import type { AppEnv } from '../http/context.ts';
import { clientIp } from '../http/rate-limit.ts';
import { mailLocale } from '../http/request-locale.ts';
import { ServerBusyError } from '../lib/errors.ts';
import { hitRateLimit, rateLimitReached, secondsUntilNextWindow } from '../lib/rate-limit.ts';
import { contentDisposition } from '../routes/notes/content-disposition.ts';
import { streamRecording } from '../routes/notes/stream-recording.ts';
import { accountDepsOf, depsOf } from '../routes/deps.ts';
import { sendRenderedPage, type DataPages } from './data-pages.ts';

/** The cookie that proves the access code was given; it lives on the link's path only. */
export const SHARE_ACCESS_COOKIE = 'protokoll_share';
/** A token as `randomToken` makes them: 32 bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The time zone of dates on the page when the visitor's is not known. */
const DEFAULT_TIME_ZONE = 'Europe/Berlin';

type ShareContext = Context<AppEnv>;

/** `?lang=en` or `?lang=de` as the visitor chose it, else `fallback`. */
function pageLocale(c: ShareContext, fallback: Locale): Locale {
  const asked = c.req.query('lang');
  return LOCALES.find((locale) => locale === asked) ?? fallback;
}

function timeZoneOf(c: ShareContext): string {
  const zone = getCookie(c, TIME_ZONE_COOKIE_NAME);
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/**
 * Never indexed (and never cached: `sendRenderedPage`); no referrer goes out from it
 * (`securityHeaders`).
 */
function pageHeaders(c: ShareContext): void {
  c.header('X-Robots-Tag', 'noindex, nofollow');
}

/**
 * Counts a request for a link that does not exist. Past `RATE_LIMIT_SHARE_MISS` the address gets
 * 429 for every link until the window ends: tokens are not guessed by trying.
 */
async function missesReached(c: ShareContext): Promise<boolean> {
  const limit = c.var.config.rateLimits.shareMiss;
  return rateLimitReached(c.var.db, `share-miss:${clientIp(c)}`, limit);
}

async function countMiss(c: ShareContext): Promise<void> {
  await hitRateLimit(c.var.db, `share-miss:${clientIp(c)}`, c.var.config.rateLimits.shareMiss);
}

export function sharePages(dataPages: DataPages): Hono<AppEnv> {
  const pages = new Hono<AppEnv>();

  async function render(
    c: ShareContext,
    locale: Locale,
    page: ShareRenderRequest['page'],
    status: 200 | 403 | 404 | 429,
  ): Promise<Response> {
    pageHeaders(c);
    const html = await dataPages
      .renderShare({ locale, path: new URL(c.req.url).pathname, timeZone: timeZoneOf(c), page })
      .catch((error: unknown) => {
        if (error instanceof ServerBusyError) throw error;
        c.var.logger.error('share page rendering failed', { err: error });
        return undefined;
      });
    if (html === undefined) {
      return c.text('Protokoll: this page cannot be shown right now.\n', 503, {
        'Cache-Control': 'no-store',
        'Retry-After': '30',
      });
    }
    return sendRenderedPage(c, html, status);
  }

  /** The link of the address's token, after the checks every share address makes. */
  async function opened(
    c: ShareContext,
  ): Promise<Extract<OpenedShare, { kind: 'open' }> | Response> {
    const token = c.req.param('token') ?? '';
    const fallback = mailLocale(c, undefined, undefined);
    if (await missesReached(c)) {
      c.header('Retry-After', String(secondsUntilNextWindow(c.var.config.rateLimits.shareMiss)));
      return render(c, pageLocale(c, fallback), { kind: 'gone', reason: 'limited' }, 429);
    }
    const found: OpenedShare = TOKEN_PATTERN.test(token)
      ? await openShare(c.var.db, token)
      : { kind: 'gone', reason: 'unknown' };
    if (found.kind === 'gone') {
      if (found.reason === 'unknown') await countMiss(c);
      return render(
        c,
        pageLocale(c, found.locale ?? fallback),
        { kind: 'gone', reason: found.reason },
        404,
      );
    }
    return found;
  }

  /** The page: the note, or the form for its code. */
  pages.get('/:token', async (c) => {
    const found = await opened(c);
    if (found instanceof Response) return found;
    const { share } = found;
    const locale = pageLocale(c, found.locale);
    if (!hasShareAccess(c.var.jwtSecret, share, getCookie(c, SHARE_ACCESS_COOKIE))) {
      return render(c, locale, { kind: 'code', wrong: false, limited: false }, 200);
    }
    const note = await findOwnedNote(c.var.db, share.userId, share.noteId);
    // Deleted since the link was checked: as a link that never was.
    if (!note) return render(c, locale, { kind: 'gone', reason: 'unknown' }, 404);
    const path = new URL(c.req.url).pathname;
    const view = await sharedViewOf(depsOf(c), share, note, `${path}/audio`);
    await countShareView(c.var.db, share.id);
    return render(c, locale, { kind: 'note', note: view }, 200);
  });

  /** The access code, from the page's form (`code`); then back to the page. */
  pages.post('/:token', async (c) => {
    const found = await opened(c);
    if (found instanceof Response) return found;
    const { share } = found;
    const locale = pageLocale(c, found.locale);
    const path = new URL(c.req.url).pathname;
    const back = `${path}${c.req.query('lang') ? `?lang=${locale}` : ''}`;
    if (!share.accessCodeHash) return c.redirect(back, 303);
    const limit = c.var.config.rateLimits.shareCode;
    if (!(await hitRateLimit(c.var.db, `share-code:${clientIp(c)}:${share.id}`, limit))) {
      c.header('Retry-After', String(secondsUntilNextWindow(limit)));
      return render(c, locale, { kind: 'code', wrong: false, limited: true }, 429);
    }
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const code = typeof form.code === 'string' ? form.code : '';
    if (!code || !(await checkShareCode(accountDepsOf(c), share, code))) {
      return render(c, locale, { kind: 'code', wrong: true, limited: false }, 403);
    }
    setCookie(c, SHARE_ACCESS_COOKIE, shareAccessProof(c.var.jwtSecret, share), {
      path,
      httpOnly: true,
      sameSite: 'Lax',
      secure:
        new URL(c.req.url).protocol === 'https:' || !!c.var.config.publicUrl?.startsWith('https:'),
      ...(share.expiresAt && { expires: share.expiresAt }),
    });
    return c.redirect(back, 303);
  });

  /** The recording, through the link's own authorisation (its code's cookie where it has one). */
  pages.on(['GET', 'HEAD'], '/:token/audio', async (c) => {
    const found = await opened(c);
    if (found instanceof Response) return found;
    const { share } = found;
    if (
      !share.audio ||
      !hasShareAccess(c.var.jwtSecret, share, getCookie(c, SHARE_ACCESS_COOKIE))
    ) {
      return c.text('404 Not Found', 404);
    }
    let recording: Recording;
    try {
      recording = await findRecording(depsOf(c), { userId: share.userId, noteId: share.noteId });
    } catch {
      return c.text('404 Not Found', 404);
    }
    pageHeaders(c);
    return streamRecording(c, recording, contentDisposition('inline', recording.fileName));
  });

  return pages;
}

/** Where the share pages are mounted: `/s`. */
export const SHARE_MOUNT = SHARE_PATH_PREFIX.replace(/\/$/, '');
