import { createSupportTicket } from '../../domain/support.ts';
import { authOf } from '../../http/auth.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import { mailReachOf } from '../mail-reach.ts';
import type { createSupportRequestRoute } from './support.routes.ts';

export const createSupportRequestHandler: AppRouteHandler<
  typeof createSupportRequestRoute
> = async (c) => {
  const { userId } = authOf(c);
  const body = c.req.valid('json');
  // Per account: each message mails two people.
  await enforceRateLimit(c, `support:${userId}`, c.var.config.rateLimits.support);
  const user = await findUserById(c.var.db, userId);
  if (!user) throw notAuthenticated();
  const ticketId = await createSupportTicket(
    { ...depsOf(c), mailer: c.var.mailer },
    { user, body, reach: mailReachOf(c) },
  );
  return c.json({ success: true, message: 'Support request received', ticket_id: ticketId }, 200);
};
