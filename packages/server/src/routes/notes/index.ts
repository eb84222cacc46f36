import { createRouter } from '../../http/openapi.ts';
import {
  countNotesHandler,
  deleteNoteHandler,
  downloadNoteHandler,
  getNoteAudioHandler,
  getNoteOriginalHandler,
  getNotePeaksHandler,
  getNoteHandler,
  listNotesHandler,
  moveNoteHandler,
  updateNoteHandler,
} from './notes.handlers.ts';
import {
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

/**
 * Order matters where two paths fit one URL: `/api/note/list` and `/count` before `{id}`, and
 * `{id}/audio`, `{id}/original` and `{id}/peaks` before `{id}/{format}` (contract `endpoints`).
 */
export const notesRouter = () =>
  createRouter()
    .openapi(listNotesRoute, listNotesHandler)
    .openapi(countNotesRoute, countNotesHandler)
    .openapi(getNoteAudioRoute, getNoteAudioHandler)
    .openapi(getNoteOriginalRoute, getNoteOriginalHandler)
    .openapi(getNotePeaksRoute, getNotePeaksHandler)
    .openapi(downloadNoteRoute, downloadNoteHandler)
    .openapi(getNoteRoute, getNoteHandler)
    .openapi(updateNoteRoute, updateNoteHandler)
    .openapi(deleteNoteRoute, deleteNoteHandler)
    .openapi(moveNoteRoute, moveNoteHandler);
