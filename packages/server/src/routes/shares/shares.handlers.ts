import { SHARE_PATH_PREFIX } from '@protokoll/contract';
import { createShareLink, listShareLinks, revokeShareLink } from '../../domain/shares.ts';
import { authOf } from '../../http/auth.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { accountDepsOf } from '../deps.ts';
import type {
  createShareLinkRoute,
  listShareLinksRoute,
  revokeShareLinkRoute,
} from './shares.routes.ts';

export const listShareLinksHandler: AppRouteHandler<typeof listShareLinksRoute> = async (c) => {
  const shares = await listShareLinks(c.var.db, authOf(c).userId, c.req.valid('param').id);
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, shares }, 200);
};

/** The link's address: the public one where configured, else this request's origin. */
export const createShareLinkHandler: AppRouteHandler<typeof createShareLinkRoute> = async (c) => {
  const base = c.var.config.publicUrl ?? new URL(c.req.url).origin;
  const created = await createShareLink(accountDepsOf(c), {
    userId: authOf(c).userId,
    noteId: c.req.valid('param').id,
    input: c.req.valid('json'),
    linkOf: (token) => `${base}${SHARE_PATH_PREFIX}${token}`,
  });
  c.header('Cache-Control', 'no-store');
  return c.json({ success: true, ...created }, 200);
};

export const revokeShareLinkHandler: AppRouteHandler<typeof revokeShareLinkRoute> = async (c) => {
  const { id, share_id: shareId } = c.req.valid('param');
  const share = await revokeShareLink(c.var.db, { userId: authOf(c).userId, noteId: id, shareId });
  return c.json({ success: true, share }, 200);
};
