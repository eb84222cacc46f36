import { createRouter } from '../../http/openapi.ts';
import { getHealth } from './health.handlers.ts';
import { healthRoute } from './health.routes.ts';

export const healthRouter = () => createRouter().openapi(healthRoute, getHealth);
