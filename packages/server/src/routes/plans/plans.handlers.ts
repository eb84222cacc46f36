import type { AppRouteHandler } from '../../lib/openapi.ts';
import { PLAN_CATALOGUE, toOffer } from '../../lib/plans.ts';
import type { listPlansRoute } from './plans.routes.ts';

export const listPlansHandler: AppRouteHandler<typeof listPlansRoute> = (c) => {
  c.header('Cache-Control', 'no-cache');
  // Payments arrive with the Stripe issue; until then plans are shown but cannot be bought.
  return c.json(
    { success: true, plans: PLAN_CATALOGUE.map(toOffer), payments_enabled: false },
    200,
  );
};
