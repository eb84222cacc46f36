import { listPlans } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listPlansRoute = routeFor(listPlans);
