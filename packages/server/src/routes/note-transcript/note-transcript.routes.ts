import { editTranscript, listTranscriptRevisions, undoTranscript } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const editTranscriptRoute = routeFor(editTranscript);
export const undoTranscriptRoute = routeFor(undoTranscript);
export const listTranscriptRevisionsRoute = routeFor(listTranscriptRevisions);
