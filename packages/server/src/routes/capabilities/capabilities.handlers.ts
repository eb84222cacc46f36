import { capabilitiesOf } from '../../domain/capabilities.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import type { getCapabilitiesRoute } from './capabilities.routes.ts';

export const getCapabilitiesHandler: AppRouteHandler<typeof getCapabilitiesRoute> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(
    capabilitiesOf(
      c.var.config,
      c.var.payments !== undefined,
      await c.var.audioTools,
      c.var.engines,
    ),
    200,
  );
};
