import { createRouter } from '../../http/openapi.ts';
import { createSupportRequestHandler } from './support.handlers.ts';
import { createSupportRequestRoute } from './support.routes.ts';

export const supportRouter = () =>
  createRouter().openapi(createSupportRequestRoute, createSupportRequestHandler);
