import type { AppRouteHandler } from '../../http/openapi.ts';
import { PLAN_CATALOGUE, toOffer } from '../../domain/plans.ts';
import type { listPlansRoute } from './plans.routes.ts';

export const listPlansHandler: AppRouteHandler<typeof listPlansRoute> = (c) => {
  c.header('Cache-Control', 'no-cache');
  // Without a payment provider the plans are shown but cannot be bought.
  return c.json(
    {
      success: true,
      plans: PLAN_CATALOGUE.map(toOffer),
      payments_enabled: c.var.payments !== undefined,
    },
    200,
  );
};
