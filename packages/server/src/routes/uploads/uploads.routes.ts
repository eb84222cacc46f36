import { uploadNote } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const uploadNoteRoute = routeFor(uploadNote);
