import { createRouter } from '../../http/openapi.ts';
import {
  listNoteSummariesHandler,
  restoreNoteSummaryHandler,
  resummariseNoteHandler,
} from './note-summaries.handlers.ts';
import {
  listNoteSummariesRoute,
  restoreNoteSummaryRoute,
  resummariseNoteRoute,
} from './note-summaries.routes.ts';

/** Re-summaries and summary versions of a note (docs/uploads.md#summarising-again). */
export const noteSummariesRouter = () =>
  createRouter()
    .openapi(resummariseNoteRoute, resummariseNoteHandler)
    .openapi(listNoteSummariesRoute, listNoteSummariesHandler)
    .openapi(restoreNoteSummaryRoute, restoreNoteSummaryHandler);
