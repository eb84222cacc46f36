import { uploadNote } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const uploadNoteRoute = routeFor(uploadNote);
