import { getCapabilities } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const getCapabilitiesRoute = routeFor(getCapabilities);
