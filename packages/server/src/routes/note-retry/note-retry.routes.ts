import { retryNote } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const retryNoteRoute = routeFor(retryNote);
