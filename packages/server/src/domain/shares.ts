// Share links of a note (docs/sharing.md): made, listed and revoked by the note's owner; opened
// by anyone with the link (and its access code, where it has one) as a read-only page. Every
// owner's call finds the note by id and owner in one query; a link finds its note through its own
// row only, and answers nothing once it is revoked or expired.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ErrorCode,
  formalPartOf,
  type Locale,
  type NoteDetail,
  type SharedNoteView,
  type ShareLink,
  type ShareLinkInput,
  type ShareSection,
  type Summary,
} from '@protokoll/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notes, shareLinks, users, type ShareLinkRow } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../lib/auth/passwords.ts';
import { hashToken, randomToken } from '../lib/auth/tokens.ts';
import { ApiError, ErrorMessage, notFoundError } from '../lib/errors.ts';
import { translatorFor } from '../lib/locale-files.ts';
import { nameOf } from '../lib/users.ts';
import { sharedNoteMail } from '../providers/mail/templates.ts';
import { awayFromDatabase, type AccountDeps } from './accounts/deps.ts';
import type { DomainDeps } from './deps.ts';
import { toNoteDetailDto } from './notes/dto.ts';
import { extractOf, minutesDetail, noteLocale } from './notes/export-note.ts';
import { findOwnedNote, ownedNoteId, type NoteDetailRow } from './notes/queries.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export const NOTE_NOT_SHAREABLE_MESSAGE =
  'This note has not finished processing, so it cannot be shared yet.';

function stateOf(row: ShareLinkRow, now: Date): ShareLink['state'] {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

function toShareLink(row: ShareLinkRow, now: Date): ShareLink {
  return {
    id: row.id,
    note_id: row.noteId,
    state: stateOf(row, now),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    access_code: row.accessCodeHash !== null,
    transcript: row.transcript,
    audio: row.audio,
    items: row.items ?? null,
    sections: (row.sections as ShareSection[] | null) ?? null,
    views: row.views,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    mailed_to: row.mailedTo,
  };
}

function invalid(path: string): ApiError {
  return new ApiError(422, ErrorCode.VALIDATION, ErrorMessage.validation, [
    { path, message: 'validation.invalidValue' },
  ]);
}

/** A note's links, newest first. @throws ApiError 404 when the user has no such note. */
export async function listShareLinks(
  db: Db,
  userId: number,
  noteId: number,
  now = new Date(),
): Promise<ShareLink[]> {
  const id = await ownedNoteId(db, userId, noteId);
  const rows = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.noteId, id), eq(shareLinks.userId, userId)))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((row) => toShareLink(row, now));
}

/**
 * A summary cut down to an extract's parts (outside formal minutes): what is not kept is empty,
 * the title stays.
 */
function sectionsOf(summary: Summary, sections: readonly string[]): Summary {
  const keep = new Set(sections);
  const { bullets, discussion, qa, sections: lecture, ...rest } = summary;
  return {
    ...rest,
    ...(keep.has('part') ? { bullets, discussion, qa, sections: lecture } : {}),
    overview: keep.has('overview') ? summary.overview : '',
    topics: keep.has('topics') ? summary.topics : [],
    decisions: keep.has('decisions') ? summary.decisions : [],
    action_items: keep.has('action_items') ? summary.action_items : [],
  } as Summary;
}

/**
 * What a link shows of its note: formal minutes as they stand (the locked version, else the
 * draft) and, for an extract, only its agenda items; another summary only its chosen parts.
 */
async function sharedDetailOf(
  deps: Pick<DomainDeps, 'db'>,
  note: NoteDetailRow,
  choice: { items: number[] | null; sections: readonly string[] | null },
): Promise<NoteDetail> {
  const plain = toNoteDetailDto(note);
  if (formalPartOf(plain.summary, plain.structure)) {
    const { detail } = await minutesDetail(deps, note.userId, note);
    return choice.items ? { ...detail, summary: extractOf(detail.summary, choice.items) } : detail;
  }
  if (choice.sections && plain.summary) {
    return { ...plain, summary: sectionsOf(plain.summary, choice.sections) };
  }
  return plain;
}

export interface CreatedShare {
  share: ShareLink;
  url: string;
  /** Addresses whose mail could not be sent (the link stands; each may be sent again by hand). */
  unsent: string[];
}

/**
 * Makes a link to a finished note of the user and mails it to `recipients`, each in their own
 * mail in the note's language, with the summary's overview, decisions and tasks.
 * @throws ApiError 404 for another user's note, 409 while it is processed, 422 for an extract the
 * note has no such part of, or audio it has no recording for.
 */
export async function createShareLink(
  deps: AccountDeps,
  {
    userId,
    noteId,
    input,
    linkOf,
    now = new Date(),
  }: {
    userId: number;
    noteId: number;
    input: ShareLinkInput;
    /** The page's address for a token (`https://…/s/<token>`). */
    linkOf: (token: string) => string;
    now?: Date;
  },
): Promise<CreatedShare> {
  const note = await findOwnedNote(deps.db, userId, noteId);
  if (!note) throw notFoundError();
  if (note.status !== 'done') {
    throw new ApiError(409, ErrorCode.NOTE_NOT_READY, NOTE_NOT_SHAREABLE_MESSAGE);
  }
  const formal = formalPartOf(toNoteDetailDto(note).summary, note.structure);
  if (input.items && !formal) throw invalid('items');
  if (input.sections && formal) throw invalid('sections');
  if (input.audio && !note.audioKey) throw invalid('audio');
  const items = input.items ? [...new Set(input.items)].sort((a, b) => a - b) : null;
  const sections = input.sections ? [...new Set(input.sections)] : null;
  // Checks the items against the minutes as they stand (422 on `items` for one they lack).
  const detail = await sharedDetailOf(deps, note, { items, sections });
  const code = input.access_code?.trim();
  const accessCodeHash = code ? await awayFromDatabase(deps, () => hashPassword(code)) : null;
  const token = randomToken();
  const recipients = [...new Set(input.recipients ?? [])];
  const [row] = await deps.db
    .insert(shareLinks)
    .values({
      noteId: note.id,
      userId,
      tokenHash: hashToken(token),
      accessCodeHash,
      transcript: input.transcript,
      audio: input.audio,
      items,
      sections,
      mailedTo: [],
      expiresAt: input.expires_in_days
        ? new Date(now.getTime() + input.expires_in_days * DAY_MS)
        : null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('share link insert returned nothing');
  const url = linkOf(token);
  const sent: string[] = [];
  const unsent: string[] = [];
  if (recipients.length > 0) {
    const [owner] = await deps.db.select().from(users).where(eq(users.id, userId));
    const locale = noteLocale(detail.summary_language);
    const t = await translatorFor(deps.config.localesDir, locale);
    for (const to of recipients) {
      const mail = sharedNoteMail(t, locale, to, url, {
        sender: owner ? nameOf(owner) : '',
        note: detail.name,
        summary: detail.summary,
        message: input.message?.trim() || undefined,
        expiresAt: row.expiresAt,
        accessCode: accessCodeHash !== null,
      });
      try {
        await deps.mailer.send(mail);
        sent.push(to);
      } catch (error) {
        deps.logger.warn('share mail not sent', { err: error });
        unsent.push(to);
      }
    }
  }
  const [mailed] =
    sent.length > 0
      ? await deps.db
          .update(shareLinks)
          .set({ mailedTo: sent })
          .where(eq(shareLinks.id, row.id))
          .returning()
      : [row];
  return { share: toShareLink(mailed ?? row, now), url, unsent };
}

/** Revokes one of the note's links at once. @throws ApiError 404 when it is not the user's. */
export async function revokeShareLink(
  db: Db,
  {
    userId,
    noteId,
    shareId,
    now = new Date(),
  }: { userId: number; noteId: number; shareId: number; now?: Date },
): Promise<ShareLink> {
  const where = and(
    eq(shareLinks.id, shareId),
    eq(shareLinks.noteId, noteId),
    eq(shareLinks.userId, userId),
  );
  await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(where, isNull(shareLinks.revokedAt)));
  const [row] = await db.select().from(shareLinks).where(where);
  if (!row) throw notFoundError();
  return toShareLink(row, now);
}

/**
 * What a token opens: the link, with its note's language, or why it opens nothing (`locale`: the
 * note's language where the link is known, revoked or expired).
 */
export type OpenedShare =
  | { kind: 'open'; share: ShareLinkRow; locale: Locale }
  | { kind: 'gone'; reason: 'revoked' | 'expired' | 'unknown'; locale?: Locale };

/**
 * The link of a token, checked against its note (its owner's, finished) in one query that reads
 * none of the note's text: the recording's range requests ask it again and again.
 */
export async function openShare(db: Db, token: string, now = new Date()): Promise<OpenedShare> {
  const [found] = await db
    .select({ share: shareLinks, status: notes.status, summaryLanguage: notes.summaryLanguage })
    .from(shareLinks)
    .innerJoin(notes, and(eq(notes.id, shareLinks.noteId), eq(notes.userId, shareLinks.userId)))
    .where(eq(shareLinks.tokenHash, hashToken(token)));
  if (!found) return { kind: 'gone', reason: 'unknown' };
  const locale = noteLocale(found.summaryLanguage);
  const state = stateOf(found.share, now);
  if (state !== 'active') return { kind: 'gone', reason: state, locale };
  if (found.status !== 'done') return { kind: 'gone', reason: 'unknown' };
  return { kind: 'open', share: found.share, locale };
}

/** Whether `code` is the link's access code (a link without one needs none). */
export function checkShareCode(
  deps: Pick<AccountDeps, 'awayFromDatabase'>,
  share: ShareLinkRow,
  code: string,
): Promise<boolean> {
  if (!share.accessCodeHash) return Promise.resolve(true);
  const stored = share.accessCodeHash;
  return awayFromDatabase(deps, () => verifyPassword(stored, code.trim()));
}

/**
 * The proof a browser keeps (in a cookie on the link's path) that it gave the link's code: an
 * HMAC of the link and its code's hash, so it ends with the link and cannot be made without the
 * server's key.
 */
export function shareAccessProof(secret: string, share: ShareLinkRow): string {
  return createHmac('sha256', secret)
    .update(`share:${share.id}:${share.accessCodeHash ?? ''}`)
    .digest('base64url');
}

export function hasShareAccess(
  secret: string,
  share: ShareLinkRow,
  proof: string | undefined,
): boolean {
  if (!share.accessCodeHash) return true;
  if (!proof) return false;
  const expected = Buffer.from(shareAccessProof(secret, share));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page's content for an opened link; `audioSrc` where its recording is served. */
export async function sharedViewOf(
  deps: Pick<DomainDeps, 'db'>,
  share: ShareLinkRow,
  note: NoteDetailRow,
  audioSrc: string,
): Promise<SharedNoteView> {
  const detail = await sharedDetailOf(deps, note, {
    items: share.items ?? null,
    sections: share.sections ?? null,
  });
  const extract =
    share.items || share.sections
      ? {
          ...(share.items && { items: share.items }),
          ...(share.sections && { sections: share.sections }),
        }
      : null;
  return {
    name: detail.name,
    created_at: detail.created_at,
    duration_seconds: detail.duration_seconds ?? null,
    structure: detail.structure,
    summary: detail.summary,
    speaker_names: detail.speaker_names,
    segments: share.transcript ? detail.segments : [],
    transcript: share.transcript,
    audio_src: share.audio && note.audioKey ? audioSrc : null,
    extract,
    expires_at: share.expiresAt?.toISOString() ?? null,
  };
}

/** Counts one opening of the page. */
export async function countShareView(db: Db, shareId: number, now = new Date()): Promise<void> {
  await db
    .update(shareLinks)
    .set({ views: sql`${shareLinks.views} + 1`, lastUsedAt: now })
    .where(eq(shareLinks.id, shareId));
}
