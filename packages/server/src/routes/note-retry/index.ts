import { createRouter } from '../../http/openapi.ts';
import { retryNoteHandler } from './note-retry.handlers.ts';
import { retryNoteRoute } from './note-retry.routes.ts';

export const noteRetryRouter = () => createRouter().openapi(retryNoteRoute, retryNoteHandler);
