import { createRouter } from '../../http/openapi.ts';
import { listPlansHandler } from './plans.handlers.ts';
import { listPlansRoute } from './plans.routes.ts';

export const plansRouter = () => createRouter().openapi(listPlansRoute, listPlansHandler);
