import { health } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const healthRoute = routeFor(health);
