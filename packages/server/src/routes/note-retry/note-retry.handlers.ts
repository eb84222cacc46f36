import { toNoteDetailDto } from '../../domain/notes/dto.ts';
import { retryNote } from '../../domain/notes/retry-note.ts';
import { authOf } from '../../http/auth.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { findUserById } from '../../lib/users.ts';
import { requestWording } from '../../http/request-locale.ts';
import { depsOf } from '../deps.ts';
import type { retryNoteRoute } from './note-retry.routes.ts';

export const retryNoteHandler: AppRouteHandler<typeof retryNoteRoute> = async (c) => {
  const { userId } = authOf(c);
  const { id } = c.req.valid('param');
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  const words = await requestWording(c, user.locale);
  const note = await retryNote(depsOf(c), { userId, noteId: id, words });
  return c.json(
    { success: true, message: words.t('processing.retry.started'), note: toNoteDetailDto(note) },
    200,
  );
};
