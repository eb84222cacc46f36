import { createRouter } from '../http/openapi.ts';
import { getMessageGroup, getMessages, localeHook } from './i18n.handlers.ts';
import { messageGroupRoute, messagesRoute } from './i18n.routes.ts';

// The whole set first: `messages.json` would otherwise be read as a group's file name.
export const i18nRouter = () =>
  createRouter()
    .openapi(messagesRoute, getMessages, localeHook)
    .openapi(messageGroupRoute, getMessageGroup, localeHook);
