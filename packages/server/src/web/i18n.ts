import { createRouter } from '../lib/openapi.ts';
import { getMessages, localeHook } from './i18n.handlers.ts';
import { messagesRoute } from './i18n.routes.ts';

export const i18nRouter = () => createRouter().openapi(messagesRoute, getMessages, localeHook);
