import {
  acceptTeamInvitation,
  getTeam,
  inviteTeamMember,
  leaveTeam,
  removeTeamMember,
  revokeTeamInvitation,
} from '@protokoll/contract';
import { routeFor } from '../../http/openapi.ts';

export const getTeamRoute = routeFor(getTeam);
export const inviteTeamMemberRoute = routeFor(inviteTeamMember);
export const acceptTeamInvitationRoute = routeFor(acceptTeamInvitation);
export const removeTeamMemberRoute = routeFor(removeTeamMember);
export const leaveTeamRoute = routeFor(leaveTeam);
export const revokeTeamInvitationRoute = routeFor(revokeTeamInvitation);
