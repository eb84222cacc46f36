import { createRouter } from '../../http/openapi.ts';
import { getCapabilitiesHandler } from './capabilities.handlers.ts';
import { getCapabilitiesRoute } from './capabilities.routes.ts';

export const capabilitiesRouter = () =>
  createRouter().openapi(getCapabilitiesRoute, getCapabilitiesHandler);
