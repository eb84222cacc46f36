import { listPlans } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const listPlansRoute = routeFor(listPlans);
