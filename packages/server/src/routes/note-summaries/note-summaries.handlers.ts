import { toNoteDetailDto } from '../../domain/notes/dto.ts';
import { editSummary } from '../../domain/notes/edit-summary.ts';
import { resummariseNote } from '../../domain/notes/resummarise-note.ts';
import {
  findNoteResummary,
  listSummaryVersions,
  restoreSummaryVersion,
} from '../../domain/notes/summary-versions.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { requestWording } from '../../http/request-locale.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import type {
  editSummaryRoute,
  listNoteSummariesRoute,
  restoreNoteSummaryRoute,
  resummariseNoteRoute,
} from './note-summaries.routes.ts';

export const resummariseNoteHandler: AppRouteHandler<typeof resummariseNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('param');
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  const words = await requestWording(c, user.locale);
  const deps = depsOf(c);
  const note = await resummariseNote(deps, { user, noteId: id, body: c.req.valid('json'), words });
  const resummary = await findNoteResummary(c.var.db, note.id);
  return c.json(
    {
      success: true,
      message: words.t('processing.resummary.started'),
      note: { ...toNoteDetailDto(note), resummary },
    },
    200,
  );
};

export const listNoteSummariesHandler: AppRouteHandler<typeof listNoteSummariesRoute> = async (
  c,
) => {
  const { userId } = authOf(c);
  const versions = await listSummaryVersions(depsOf(c), {
    userId,
    noteId: c.req.valid('param').id,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, versions }, 200);
};

export const restoreNoteSummaryHandler: AppRouteHandler<typeof restoreNoteSummaryRoute> = async (
  c,
) => {
  const { userId } = authOf(c);
  const { id, version } = c.req.valid('param');
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  const words = await requestWording(c, user.locale);
  const note = await restoreSummaryVersion(depsOf(c), { userId, noteId: id, version, words });
  const resummary = await findNoteResummary(c.var.db, note.id);
  return c.json(
    {
      success: true,
      message: words.t('processing.resummary.restored', { version }),
      note: { ...toNoteDetailDto(note), resummary },
    },
    200,
  );
};

export const editSummaryHandler: AppRouteHandler<typeof editSummaryRoute> = async (c) => {
  const { userId } = authOf(c);
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  // Refusals of an edit are in the user's language.
  const words = await requestWording(c, user.locale);
  const note = await editSummary(
    depsOf(c),
    { userId, noteId: c.req.valid('param').id, words },
    c.req.valid('json'),
  );
  const resummary = await findNoteResummary(c.var.db, note.id);
  return c.json(
    {
      success: true,
      message: words.t('noteTools.edit.saved'),
      note: { ...toNoteDetailDto(note), resummary },
    },
    200,
  );
};
