import { createSupportRequest } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const createSupportRequestRoute = routeFor(createSupportRequest);
