import { createRouter } from '../../http/openapi.ts';
import {
  editSummaryHandler,
  listNoteSummariesHandler,
  restoreNoteSummaryHandler,
  resummariseNoteHandler,
} from './note-summaries.handlers.ts';
import {
  editSummaryRoute,
  listNoteSummariesRoute,
  restoreNoteSummaryRoute,
  resummariseNoteRoute,
} from './note-summaries.routes.ts';

/**
 * Re-summaries, summary versions and hand edits of a note's summary
 * (docs/uploads.md#summarising-again, docs/product.md#editing-the-summary).
 */
export const noteSummariesRouter = () =>
  createRouter()
    .openapi(resummariseNoteRoute, resummariseNoteHandler)
    .openapi(listNoteSummariesRoute, listNoteSummariesHandler)
    .openapi(restoreNoteSummaryRoute, restoreNoteSummaryHandler)
    .openapi(editSummaryRoute, editSummaryHandler);
