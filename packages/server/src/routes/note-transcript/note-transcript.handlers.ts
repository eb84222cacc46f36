import { toNoteDetailDto } from '../../domain/notes/dto.ts';
import {
  editTranscript,
  glossaryMarks,
  listTranscriptRevisions,
  undoTranscript,
} from '../../domain/notes/edit-transcript.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { requestWording } from '../../http/request-locale.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import type {
  editTranscriptRoute,
  listTranscriptRevisionsRoute,
  undoTranscriptRoute,
} from './note-transcript.routes.ts';

/** The signed-in user's wording: refusals of an edit are in their language. */
async function editorOf(c: Parameters<AppRouteHandler<typeof editTranscriptRoute>>[0]) {
  const { userId } = authOf(c);
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  return { userId, words: await requestWording(c, user.locale) };
}

export const editTranscriptHandler: AppRouteHandler<typeof editTranscriptRoute> = async (c) => {
  const { userId, words } = await editorOf(c);
  const note = await editTranscript(
    depsOf(c),
    { userId, noteId: c.req.valid('param').id, words },
    c.req.valid('json'),
  );
  const glossary_corrections = await glossaryMarks(c.var.db, note);
  return c.json(
    {
      success: true,
      message: words.t('noteTools.edit.saved'),
      note: { ...toNoteDetailDto(note), glossary_corrections },
    },
    200,
  );
};

export const undoTranscriptHandler: AppRouteHandler<typeof undoTranscriptRoute> = async (c) => {
  const { userId, words } = await editorOf(c);
  const { base_version, revision_id } = c.req.valid('json');
  const note = await undoTranscript(
    depsOf(c),
    { userId, noteId: c.req.valid('param').id, words },
    base_version,
    revision_id,
  );
  const glossary_corrections = await glossaryMarks(c.var.db, note);
  return c.json(
    {
      success: true,
      message: words.t('noteTools.edit.undone'),
      note: { ...toNoteDetailDto(note), glossary_corrections },
    },
    200,
  );
};

export const listTranscriptRevisionsHandler: AppRouteHandler<
  typeof listTranscriptRevisionsRoute
> = async (c) => {
  const { userId } = authOf(c);
  const revisions = await listTranscriptRevisions(depsOf(c), userId, c.req.valid('param').id);
  return c.json({ revisions }, 200);
};
