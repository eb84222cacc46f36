import { createRouter } from '../../http/openapi.ts';
import {
  createShareLinkHandler,
  listShareLinksHandler,
  revokeShareLinkHandler,
} from './shares.handlers.ts';
import {
  createShareLinkRoute,
  listShareLinksRoute,
  revokeShareLinkRoute,
} from './shares.routes.ts';

/** A note's share links (docs/sharing.md). */
export const sharesRouter = () =>
  createRouter()
    .openapi(listShareLinksRoute, listShareLinksHandler)
    .openapi(createShareLinkRoute, createShareLinkHandler)
    .openapi(revokeShareLinkRoute, revokeShareLinkHandler);
