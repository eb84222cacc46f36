import { createRouter } from '../../http/openapi.ts';
import {
  acceptTeamInvitationHandler,
  getTeamHandler,
  inviteTeamMemberHandler,
  leaveTeamHandler,
  removeTeamMemberHandler,
  revokeTeamInvitationHandler,
} from './team.handlers.ts';
import {
  acceptTeamInvitationRoute,
  getTeamRoute,
  inviteTeamMemberRoute,
  leaveTeamRoute,
  removeTeamMemberRoute,
  revokeTeamInvitationRoute,
} from './team.routes.ts';

export const teamRouter = () =>
  createRouter()
    .openapi(getTeamRoute, getTeamHandler)
    .openapi(inviteTeamMemberRoute, inviteTeamMemberHandler)
    .openapi(acceptTeamInvitationRoute, acceptTeamInvitationHandler)
    .openapi(removeTeamMemberRoute, removeTeamMemberHandler)
    .openapi(leaveTeamRoute, leaveTeamHandler)
    .openapi(revokeTeamInvitationRoute, revokeTeamInvitationHandler);
