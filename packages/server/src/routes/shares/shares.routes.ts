import { createShareLink, listShareLinks, revokeShareLink } from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const listShareLinksRoute = routeFor(listShareLinks);
export const createShareLinkRoute = routeFor(createShareLink);
export const revokeShareLinkRoute = routeFor(revokeShareLink);
