import {
  editSummary,
  listNoteSummaries,
  restoreNoteSummary,
  resummariseNote,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const resummariseNoteRoute = routeFor(resummariseNote);
export const listNoteSummariesRoute = routeFor(listNoteSummaries);
export const restoreNoteSummaryRoute = routeFor(restoreNoteSummary);
export const editSummaryRoute = routeFor(editSummary);
