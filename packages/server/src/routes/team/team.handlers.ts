import type { Context } from 'hono';
import type { User } from '../../db/schema.ts';
import {
  acceptInvitation,
  inviteToTeam,
  leaveTeam,
  removeMember,
  revokeInvitation,
  teamOf,
} from '../../domain/teams/team.ts';
import { authOf } from '../../http/auth.ts';
import { notAuthenticated } from '../../lib/errors.ts';
import type { AppEnv } from '../../http/context.ts';
import type { AppRouteHandler } from '../../http/openapi.ts';
import { findUserById } from '../../lib/users.ts';
import { depsOf } from '../deps.ts';
import { mailReachOf } from '../mail-reach.ts';
import type {
  acceptTeamInvitationRoute,
  getTeamRoute,
  inviteTeamMemberRoute,
  leaveTeamRoute,
  removeTeamMemberRoute,
  revokeTeamInvitationRoute,
} from './team.routes.ts';

async function me(c: Context<AppEnv>): Promise<User> {
  const user = await findUserById(c.var.db, authOf(c).userId);
  if (!user) throw notAuthenticated();
  return user;
}

export const getTeamHandler: AppRouteHandler<typeof getTeamRoute> = async (c) => {
  c.header('Cache-Control', 'no-store');
  return c.json(await teamOf(c.var.db, await me(c)), 200);
};

export const inviteTeamMemberHandler: AppRouteHandler<typeof inviteTeamMemberRoute> = async (c) => {
  const invitation = await inviteToTeam(
    { ...depsOf(c), mailer: c.var.mailer },
    { owner: await me(c), email: c.req.valid('json').email, reach: mailReachOf(c) },
  );
  return c.json({ success: true, message: 'Invitation sent', invitation }, 200);
};

export const acceptTeamInvitationHandler: AppRouteHandler<
  typeof acceptTeamInvitationRoute
> = async (c) => {
  await acceptInvitation(depsOf(c), { user: await me(c), token: c.req.valid('json').token });
  return c.json({ success: true, message: 'Joined the team' }, 200);
};

export const removeTeamMemberHandler: AppRouteHandler<typeof removeTeamMemberRoute> = async (c) => {
  await removeMember(depsOf(c), { ownerId: authOf(c).userId, memberId: c.req.valid('query').id });
  return c.json({ success: true, message: 'Member removed' }, 200);
};

export const leaveTeamHandler: AppRouteHandler<typeof leaveTeamRoute> = async (c) => {
  await leaveTeam(depsOf(c), authOf(c).userId);
  return c.json({ success: true, message: 'Left the team' }, 200);
};

export const revokeTeamInvitationHandler: AppRouteHandler<
  typeof revokeTeamInvitationRoute
> = async (c) => {
  await revokeInvitation(depsOf(c), {
    ownerId: authOf(c).userId,
    invitationId: c.req.valid('query').id,
  });
  return c.json({ success: true, message: 'Invitation revoked' }, 200);
};
