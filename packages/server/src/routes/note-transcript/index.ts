import { createRouter } from '../../http/openapi.ts';
import {
  editTranscriptHandler,
  listTranscriptRevisionsHandler,
  undoTranscriptHandler,
} from './note-transcript.handlers.ts';
import {
  editTranscriptRoute,
  listTranscriptRevisionsRoute,
  undoTranscriptRoute,
} from './note-transcript.routes.ts';

/** Mounted before the notes router: `{id}/revisions` would fit its `{id}/{format}` too. */
export const noteTranscriptRouter = () =>
  createRouter()
    .openapi(editTranscriptRoute, editTranscriptHandler)
    .openapi(undoTranscriptRoute, undoTranscriptHandler)
    .openapi(listTranscriptRevisionsRoute, listTranscriptRevisionsHandler);
