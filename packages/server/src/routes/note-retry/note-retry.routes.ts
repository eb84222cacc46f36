import { retryNote } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const retryNoteRoute = routeFor(retryNote);
