import { health } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const healthRoute = routeFor(health);
