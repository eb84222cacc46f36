import { z } from 'zod';
import { EntityId, Id, SuccessMessage, Timestamp } from './common.ts';
import { defineEndpoint } from './endpoint.ts';
import { EmailField, LinkToken } from './fields.ts';

/** The caller's place in a team (docs/product.md#teams); `none` for someone in no team. */
export const TeamRole = z.enum(['owner', 'member', 'none']);
export type TeamRole = z.infer<typeof TeamRole>;

/** One person of a team, the owner included. */
export const TeamMember = z
  .object({
    /** The person's user id; `DELETE /api/team/member?id=` takes it. */
    id: EntityId,
    name: z.string(),
    email: z.string(),
    role: z.enum(['owner', 'member']),
    /** Minutes charged to the team's pool for this person in the pool's current period. */
    minutes_used: z.number().int().nonnegative(),
    joined_at: Timestamp,
  })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof TeamMember>;

/** The owner as a member sees them. */
export const TeamOwner = z
  .object({ name: z.string(), email: z.string() })
  .meta({ id: 'TeamOwner' });

/** An invitation not yet accepted or revoked; `expired` ones still hold no seat. */
export const TeamInvitation = z
  .object({
    id: EntityId,
    email: z.string(),
    created_at: Timestamp,
    expires_at: Timestamp,
    expired: z.boolean(),
  })
  .meta({ id: 'TeamInvitation' });
export type TeamInvitation = z.infer<typeof TeamInvitation>;

/**
 * `GET /api/team`. The owner sees every member and the open invitations; a member sees the owner
 * and themselves only; someone in no team sees `role: 'none'` and how many seats their plan has
 * (0: the plan has no team).
 */
export const TeamResponse = z
  .object({
    success: z.boolean(),
    role: TeamRole,
    /** Whether the pool is in use: the owner's plan includes a team. */
    active: z.boolean(),
    /** Seats besides the owner that the owner's plan allows (0: no team on this plan). */
    seats: z.number().int().nonnegative(),
    /** Seats taken by members and open invitations. */
    seats_used: z.number().int().nonnegative(),
    /** The plan whose pool the team shares (the owner's). */
    plan_name: z.string(),
    /** Who owns the team (for a member; the owner finds themselves in `members`). */
    owner: TeamOwner.nullable(),
    members: z.array(TeamMember),
    invitations: z.array(TeamInvitation),
  })
  .meta({ id: 'TeamResponse' });
export type TeamResponse = z.infer<typeof TeamResponse>;

export const InviteBody = z.object({ email: EmailField }).meta({ id: 'TeamInviteBody' });
export type InviteBody = z.infer<typeof InviteBody>;

export const InviteResponse = z
  .object({ success: z.boolean(), message: z.string().optional(), invitation: TeamInvitation })
  .meta({ id: 'TeamInviteResponse' });

export const AcceptInvitationBody = z
  .object({ token: LinkToken })
  .meta({ id: 'AcceptInvitationBody' });

export const TeamIdQuery = z.object({ id: Id }).meta({ id: 'TeamIdQuery' });

export const getTeam = defineEndpoint({
  id: 'getTeam',
  method: 'GET',
  path: '/api/team',
  tag: 'team',
  summary: 'The caller’s team: members, minutes used, open invitations',
  auth: true,
  response: TeamResponse,
});

export const inviteTeamMember = defineEndpoint({
  id: 'inviteTeamMember',
  method: 'POST',
  path: '/api/team/invite',
  tag: 'team',
  summary: 'Invite someone by e-mail (owner only; a one-time link valid 7 days)',
  auth: true,
  body: InviteBody,
  bodyKind: 'json',
  response: InviteResponse,
});

export const acceptTeamInvitation = defineEndpoint({
  id: 'acceptTeamInvitation',
  method: 'POST',
  path: '/api/team/accept',
  tag: 'team',
  summary: 'Join a team with the token of an invitation link',
  auth: true,
  body: AcceptInvitationBody,
  bodyKind: 'json',
  response: SuccessMessage,
});

export const removeTeamMember = defineEndpoint({
  id: 'removeTeamMember',
  method: 'DELETE',
  path: '/api/team/member',
  tag: 'team',
  summary: 'Remove a member from the team (owner only; the member’s user id in the query)',
  auth: true,
  query: TeamIdQuery,
  response: SuccessMessage,
});

export const leaveTeam = defineEndpoint({
  id: 'leaveTeam',
  method: 'POST',
  path: '/api/team/leave',
  tag: 'team',
  summary: 'Leave the team the caller is a member of',
  auth: true,
  response: SuccessMessage,
});

export const revokeTeamInvitation = defineEndpoint({
  id: 'revokeTeamInvitation',
  method: 'DELETE',
  path: '/api/team/invitation',
  tag: 'team',
  summary: 'Revoke an open invitation (owner only; its id in the query)',
  auth: true,
  query: TeamIdQuery,
  response: SuccessMessage,
});
