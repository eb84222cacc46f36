import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { ErrorCode, type Locale } from '@protokoll/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { folders, minutesLedger, notes } from '../../db/schema.ts';
import { authOf } from '../../lib/auth/middleware.ts';
import { ApiError, errorBody, notFoundError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../lib/openapi.ts';
import { audioStorage } from '../../providers/storage/storage.ts';
import { renderExport } from '../../exports/index.ts';
import { toNoteDetailDto, toNoteDto } from './notes.dto.ts';
import { countNotes, findOwnedNote, listNotes } from './notes.queries.ts';
import { parseRange } from './range.ts';
import type {
  countNotesRoute,
  deleteNoteRoute,
  downloadNoteRoute,
  getNoteAudioRoute,
  getNoteRoute,
  listNotesRoute,
  moveNoteRoute,
  updateNoteRoute,
} from './notes.routes.ts';

export const NOTE_NOT_READY_MESSAGE =
  'This note has not finished processing, so it cannot be downloaded.';

/** Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause. */
function isForeignKeyViolation(error: unknown): boolean {
  const codeOf = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return (codeOf(error) ?? codeOf((error as { cause?: unknown } | undefined)?.cause)) === '23503';
}

export const listNotesHandler: AppRouteHandler<typeof listNotesRoute> = async (c) => {
  const { userId } = authOf(c);
  const query = c.req.valid('query');
  const rows = await listNotes(c.var.db, userId, query, query);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, notes: rows.map(toNoteDto) }, 200);
};

export const countNotesHandler: AppRouteHandler<typeof countNotesRoute> = async (c) => {
  const { userId } = authOf(c);
  const count = await countNotes(c.var.db, userId, c.req.valid('query'));
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, count }, 200);
};

export const getNoteHandler: AppRouteHandler<typeof getNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const note = await findOwnedNote(c.var.db, userId, c.req.valid('param').id);
  if (!note) throw notFoundError();
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, note: toNoteDetailDto(note) }, 200);
};

/**
 * Name, saved flag and speaker names, each only when sent. Speaker names merge into the stored
 * ones inside the database (two tabs renaming different speakers both win); an empty name drops
 * the rename, so the label shows again.
 */
export const updateNoteHandler: AppRouteHandler<typeof updateNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const body = c.req.valid('json');
  const changes: PgUpdateSetSource<typeof notes> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.saved !== undefined) changes.saved = body.saved;
  if (body.speaker_names) {
    const entries = Object.entries(body.speaker_names);
    const named = Object.fromEntries(entries.filter(([, name]) => name !== ''));
    const cleared = entries.filter(([, name]) => name === '').map(([label]) => sql`${label}`);
    const merged = sql`${notes.speakerNames} || ${JSON.stringify(named)}::jsonb`;
    changes.speakerNames = cleared.length
      ? sql`(${merged}) - array[${sql.join(cleared, sql`, `)}]::text[]`
      : merged;
  }
  const owned = and(eq(notes.id, body.id), eq(notes.userId, userId));
  const [note] = Object.keys(changes).length
    ? await c.var.db.update(notes).set(changes).where(owned).returning()
    : await c.var.db.select().from(notes).where(owned);
  if (!note) throw notFoundError();
  return c.json({ success: true, message: 'Note updated', note: toNoteDetailDto(note) }, 200);
};

/**
 * Deletes a note in any state. Minutes still held for it (an upload being processed) are
 * refunded in the same transaction, per period of their reservation, so none stay "running";
 * the ledger keeps every row (PRODUCT.md: the balance is derived, never edited). The job goes
 * with the note (ON DELETE CASCADE); the recording is removed once the deletion is committed.
 */
export const deleteNoteHandler: AppRouteHandler<typeof deleteNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('query');
  const audioKey = await c.var.db.transaction(async (tx) => {
    // The row lock orders this against a worker finishing the note at the same moment.
    const [note] = await tx
      .select({ id: notes.id, audioKey: notes.audioKey })
      .from(notes)
      .where(and(eq(notes.id, id), eq(notes.userId, userId)))
      .for('update');
    if (!note) throw notFoundError();
    const held = await tx
      .select({
        period: minutesLedger.period,
        minutes: sql<number>`(
          coalesce(sum(${minutesLedger.minutes}) filter (where ${minutesLedger.kind} = 'reserve'), 0)
          - coalesce(sum(${minutesLedger.minutes}) filter (where ${minutesLedger.kind} in ('charge', 'refund')), 0)
        )::int`,
      })
      .from(minutesLedger)
      .where(and(eq(minutesLedger.userId, userId), eq(minutesLedger.noteId, id)))
      .groupBy(minutesLedger.period);
    const refunds = held
      .filter((row) => row.minutes > 0)
      .map((row) => ({
        userId,
        kind: 'refund' as const,
        minutes: row.minutes,
        period: row.period,
        reason: 'note-deleted',
        noteId: id,
      }));
    if (refunds.length) await tx.insert(minutesLedger).values(refunds);
    await tx.delete(notes).where(and(eq(notes.id, id), eq(notes.userId, userId)));
    return note.audioKey;
  });
  if (audioKey) {
    try {
      await audioStorage(c.var.config.dataDir).remove(audioKey);
    } catch (error) {
      c.var.logger.error('note deleted, but its recording could not be removed', {
        noteId: id,
        err: error,
      });
    }
  }
  return c.json({ success: true, message: 'Note deleted' }, 200);
};

/** Into one of the user's own folders (another user's folder answers 404), or unfiled with null. */
export const moveNoteHandler: AppRouteHandler<typeof moveNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { note_id: noteId, folder_id: folderId } = c.req.valid('json');
  const ownFolder =
    folderId === null
      ? sql`true`
      : sql`exists (select 1 from ${folders} where ${folders.id} = ${folderId} and ${folders.userId} = ${userId})`;
  let moved: { id: number }[];
  try {
    moved = await c.var.db
      .update(notes)
      .set({ folderId })
      .where(and(eq(notes.id, noteId), eq(notes.userId, userId), ownFolder))
      .returning({ id: notes.id });
  } catch (error) {
    // The folder was deleted between the check and the write.
    if (isForeignKeyViolation(error)) throw notFoundError();
    throw error;
  }
  if (!moved.length) throw notFoundError();
  return c.json({ success: true, message: 'Note moved' }, 200);
};

/**
 * The recording, streamed from storage (never read whole), with HTTP Range so players can seek:
 * 206 with Content-Range for a satisfiable range, 416 for one beyond the end, 200 otherwise.
 * `If-Range` with a stale validator gets the whole file, as RFC 9110 asks.
 */
export const getNoteAudioHandler: AppRouteHandler<typeof getNoteAudioRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('param');
  const [note] = await c.var.db
    .select({ audioKey: notes.audioKey, audioType: notes.audioType, fileName: notes.fileName })
    .from(notes)
    .where(and(eq(notes.id, id), eq(notes.userId, userId)));
  if (!note?.audioKey) throw notFoundError();
  const storage = audioStorage(c.var.config.dataDir);
  const stored = await storage.stat(note.audioKey);
  if (!stored) throw notFoundError();

  const { size } = stored;
  const etag = `"${size.toString(16)}-${stored.modifiedAt.getTime().toString(16)}"`;
  const lastModified = stored.modifiedAt.toUTCString();
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
    ETag: etag,
    'Last-Modified': lastModified,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(note.fileName)}`,
  });

  const ifRange = c.req.header('If-Range');
  const request =
    ifRange && ifRange !== etag && ifRange !== lastModified
      ? ({ kind: 'full' } as const)
      : parseRange(c.req.header('Range'), size);

  if (request.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${size}`);
    headers.set('Content-Type', 'application/json');
    const error = new ApiError(416, ErrorCode.INVALID_INPUT, 'Range Not Satisfiable');
    return new Response(JSON.stringify(errorBody(error, c.var.requestId)), {
      status: 416,
      headers,
    });
  }

  const range = request.kind === 'partial' ? request.range : undefined;
  const status = range ? 206 : 200;
  headers.set('Content-Type', note.audioType ?? 'application/octet-stream');
  headers.set('Content-Length', String(range ? range.end - range.start + 1 : size));
  if (range) headers.set('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  // Hono answers HEAD with this handler and drops the body unread: opening the file would leak it.
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const stream = await storage.read(note.audioKey, range);
  const body = Readable.toWeb(stream) as WebReadableStream<Uint8Array>;
  return new Response(body as unknown as ReadableStream<Uint8Array>, { status, headers });
};

/** Exports speak the note's language when it is one of ours, else German (German-first). */
function exportLocale(summaryLanguage: string): Locale {
  return summaryLanguage === 'en' ? 'en' : 'de';
}

/** SPEC §3 download: the rendered file as base64 with its name and type. Finished notes only. */
export const downloadNoteHandler: AppRouteHandler<typeof downloadNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id, format } = c.req.valid('param');
  const note = await findOwnedNote(c.var.db, userId, id);
  if (!note) throw notFoundError();
  if (note.status !== 'done') {
    throw new ApiError(409, ErrorCode.NOTE_NOT_READY, NOTE_NOT_READY_MESSAGE);
  }
  const detail = toNoteDetailDto(note);
  const file = await renderExport(format, detail, exportLocale(detail.summary_language), {
    localesDir: c.var.config.localesDir,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(
    {
      success: true,
      data: Buffer.from(file.data).toString('base64'),
      filename: file.filename,
      contentType: file.contentType,
      status: 200,
    },
    200,
  );
};
