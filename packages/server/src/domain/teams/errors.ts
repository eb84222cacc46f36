import { ErrorCode } from '@protokoll/contract';
import { ApiError } from '../../lib/errors.ts';

// English texts of the codes; clients show the translated text of `errors.<code>`.

export const teamPlanRequired = () =>
  new ApiError(403, ErrorCode.TEAM_PLAN_REQUIRED, 'Teams are part of the Business plan.');

export const teamFull = () =>
  new ApiError(
    409,
    ErrorCode.TEAM_FULL,
    'All seats of your team are taken. Remove a member or revoke an invitation.',
  );

export const selfInvite = () =>
  new ApiError(422, ErrorCode.TEAM_SELF_INVITE, 'You cannot invite yourself.', [
    { path: 'email', message: 'errors.teamSelfInvite' },
  ]);

export const alreadyMember = () =>
  new ApiError(
    409,
    ErrorCode.TEAM_ALREADY_MEMBER,
    'This person is already a member of your team.',
    [{ path: 'email', message: 'errors.teamAlreadyMember' }],
  );

export const otherTeam = () =>
  new ApiError(
    409,
    ErrorCode.TEAM_OTHER_TEAM,
    'You already belong to a team. An account can only be in one team.',
  );

export const ownsTeam = () =>
  new ApiError(
    409,
    ErrorCode.TEAM_OWNS_TEAM,
    'You lead a team of your own. Remove its members and revoke its open invitations before you join another team.',
  );

export const inviterInOtherTeam = () =>
  new ApiError(
    409,
    ErrorCode.TEAM_INVITER_IN_OTHER_TEAM,
    'The person who invited you has since joined another team. This invitation can no longer be accepted.',
  );

export const invitationExpired = () =>
  new ApiError(
    410,
    ErrorCode.INVITATION_EXPIRED,
    'This invitation has expired. Ask for a new invitation.',
  );

export const invitationUsed = () =>
  new ApiError(
    410,
    ErrorCode.INVITATION_USED,
    'This invitation has already been used or was revoked.',
  );

export const invitationWrongAccount = () =>
  new ApiError(
    403,
    ErrorCode.INVITATION_WRONG_ACCOUNT,
    'This invitation is for another e-mail address. Sign in with that address.',
  );
