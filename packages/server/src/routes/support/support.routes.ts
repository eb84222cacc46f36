import { createSupportRequest } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const createSupportRequestRoute = routeFor(createSupportRequest);
