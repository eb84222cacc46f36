import { getCapabilities } from '@protokoll/contract';
import { routeFor } from '../../lib/openapi.ts';

export const getCapabilitiesRoute = routeFor(getCapabilities);
