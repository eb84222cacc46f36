import { getCapabilities, retryNote, uploadNote } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const uploadNoteRoute = routeFor(uploadNote);
export const retryNoteRoute = routeFor(retryNote);
export const getCapabilitiesRoute = routeFor(getCapabilities);
