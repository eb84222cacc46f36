import { findNoteResummary } from '../../domain/notes/summary-versions.ts';
import { deleteNote } from '../../domain/notes/delete-note.ts';
import { toNoteDetailDto, toNoteDto } from '../../domain/notes/dto.ts';
import { glossaryMarks } from '../../domain/notes/edit-transcript.ts';
import { exportNote } from '../../domain/notes/export-note.ts';
import { moveNote } from '../../domain/notes/move-note.ts';
import { DEFAULT_MAX_ATTEMPTS } from '../../jobs/index.ts';
import { countNotes, findNoteRetry, findOwnedNote, listNotes } from '../../domain/notes/queries.ts';
import { findPeaks, findRecording, originalFilename } from '../../domain/notes/recording.ts';
import { searchNotes } from '../../domain/notes/search-hits.ts';
import { updateNote } from '../../domain/notes/update-note.ts';
import { authOf } from '../../http/auth.ts';
import { notFoundError } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { depsOf } from '../deps.ts';
import { contentDisposition } from './content-disposition.ts';
import { streamRecording } from './stream-recording.ts';
import type {
  countNotesRoute,
  deleteNoteRoute,
  downloadNoteRoute,
  getNoteAudioRoute,
  getNoteOriginalRoute,
  getNotePeaksRoute,
  getNoteRoute,
  listNotesRoute,
  moveNoteRoute,
  updateNoteRoute,
} from './notes.routes.ts';
import { fileAnswer } from '../file-answer.ts';

export const listNotesHandler: AppRouteHandler<typeof listNotesRoute> = async (c) => {
  const { userId } = authOf(c);
  const query = c.req.valid('query');
  const search = query.search_query?.trim();
  const { rows, hits } = search
    ? await searchNotes(c.var.db, userId, { ...query, search_query: search }, query)
    : { rows: await listNotes(c.var.db, userId, query, query), hits: undefined };
  c.header('Cache-Control', 'no-store');
  const items = rows.map((row) => {
    const hit = hits?.get(row.id);
    return hit ? { ...toNoteDto(row), search_hit: hit } : toNoteDto(row);
  });
  return c.json({ success: true, notes: items }, 200);
};

export const countNotesHandler: AppRouteHandler<typeof countNotesRoute> = async (c) => {
  const { userId } = authOf(c);
  const { count, more } = await countNotes(c.var.db, userId, c.req.valid('query'));
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, count, more }, 200);
};

export const getNoteHandler: AppRouteHandler<typeof getNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const note = await findOwnedNote(c.var.db, userId, c.req.valid('param').id);
  if (!note) throw notFoundError();
  const retry = await findNoteRetry(
    c.var.db,
    note,
    c.var.config.jobMaxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  );
  const resummary = await findNoteResummary(c.var.db, note.id);
  const glossary_corrections = await glossaryMarks(c.var.db, note);
  c.header('Cache-Control', 'no-store');
  return c.json(
    { success: true, note: { ...toNoteDetailDto(note), retry, resummary, glossary_corrections } },
    200,
  );
};

export const updateNoteHandler: AppRouteHandler<typeof updateNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const note = await updateNote(depsOf(c), userId, c.req.valid('json'));
  return c.json({ success: true, message: 'Note updated', note: toNoteDetailDto(note) }, 200);
};

export const deleteNoteHandler: AppRouteHandler<typeof deleteNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  await deleteNote(depsOf(c), { userId, noteId: c.req.valid('query').id });
  return c.json({ success: true, message: 'Note deleted' }, 200);
};

export const moveNoteHandler: AppRouteHandler<typeof moveNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  await moveNote(depsOf(c), userId, c.req.valid('json'));
  return c.json({ success: true, message: 'Note moved' }, 200);
};

/** The overview changes only when the recording does: the browser may keep it. */
export const getNotePeaksHandler: AppRouteHandler<typeof getNotePeaksRoute> = async (c) => {
  const { userId } = authOf(c);
  const { peaks, durationSeconds } = await findPeaks(depsOf(c), {
    userId,
    noteId: c.req.valid('param').id,
  });
  c.header('Cache-Control', 'private, max-age=86400');
  return c.json({ success: true, peaks, duration_seconds: durationSeconds }, 200);
};

/** The recording for the player: shown in place, never saved by the browser on its own. */
export const getNoteAudioHandler: AppRouteHandler<typeof getNoteAudioRoute> = async (c) => {
  const { userId } = authOf(c);
  const recording = await findRecording(depsOf(c), { userId, noteId: c.req.valid('param').id });
  return streamRecording(c, recording, contentDisposition('inline', recording.fileName));
};

/**
 * The recording as it was uploaded or recorded, as a download under its own name
 * (docs/uploads.md#the-original-recording).
 */
export const getNoteOriginalHandler: AppRouteHandler<typeof getNoteOriginalRoute> = async (c) => {
  const { userId } = authOf(c);
  const recording = await findRecording(depsOf(c), { userId, noteId: c.req.valid('param').id });
  return streamRecording(
    c,
    recording,
    contentDisposition('attachment', originalFilename(recording)),
  );
};

/** The rendered file as base64 with its name and type. Finished notes only. */
export const downloadNoteHandler: AppRouteHandler<typeof downloadNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id, format } = c.req.valid('param');
  const { design, minutes_version: minutesVersion } = c.req.valid('query');
  const file = await exportNote(depsOf(c), { userId, noteId: id, format, design, minutesVersion });
  c.header('Cache-Control', 'no-store');
  return c.json(fileAnswer(file), 200);
};
