import { endpoints, ErrorCode, type TeamResponse } from '@protokoll/contract';
import {
  emptyOwnerTeam,
  fullOwnerTeam,
  lapsedOwnerTeam,
  memberTeam,
  noTeam,
  ownerTeam,
} from '../fixtures/team.ts';
import { failWith, handle, reply, type HandleOptions } from '../handle.ts';
import { errorResponse, notFound } from '../respond.ts';

const e = endpoints;

/** Invitation tokens the mock answers with a refusal; any other token joins. */
export const MOCK_INVITATION_TOKENS = {
  expired: 'mock-expired-invitation',
  used: 'mock-used-invitation',
  otherAccount: 'mock-other-account-invitation',
} as const;

/** The signed-in person's address in the mocks (the `user` fixture). */
const SELF_EMAIL = 'erika.mustermann@example.de';

/**
 * Handlers of the team resource over one team state (a copy of `initial`, so scenarios never
 * change the fixtures): invitations take seats, members can be removed, a member can leave.
 */
export function createTeamHandlers(initial: TeamResponse = ownerTeam, options: HandleOptions = {}) {
  const team: TeamResponse = structuredClone(initial);
  let nextId = 100;
  return [
    handle(e.getTeam, () => reply(e.getTeam, team), options),
    handle(
      e.inviteTeamMember,
      ({ body }) => {
        if (team.role !== 'owner' || !team.active)
          return errorResponse(403, ErrorCode.TEAM_PLAN_REQUIRED);
        if (body.email === SELF_EMAIL) {
          return errorResponse(422, ErrorCode.TEAM_SELF_INVITE, undefined, [
            { path: 'email', message: 'errors.teamSelfInvite' },
          ]);
        }
        if (team.members.some((member) => member.email === body.email)) {
          return errorResponse(409, ErrorCode.TEAM_ALREADY_MEMBER, undefined, [
            { path: 'email', message: 'errors.teamAlreadyMember' },
          ]);
        }
        if (team.seats_used >= team.seats) return errorResponse(409, ErrorCode.TEAM_FULL);
        const invitation = {
          id: nextId++,
          email: body.email,
          created_at: '2026-11-23T09:00:00.000Z',
          expires_at: '2026-11-30T09:00:00.000Z',
          expired: false,
        };
        team.invitations.push(invitation);
        team.seats_used += 1;
        return reply(e.inviteTeamMember, { success: true, message: 'Invitation sent', invitation });
      },
      options,
    ),
    handle(
      e.acceptTeamInvitation,
      ({ body }) => {
        if (body.token === MOCK_INVITATION_TOKENS.expired)
          return errorResponse(410, ErrorCode.INVITATION_EXPIRED);
        if (body.token === MOCK_INVITATION_TOKENS.used)
          return errorResponse(410, ErrorCode.INVITATION_USED);
        if (body.token === MOCK_INVITATION_TOKENS.otherAccount)
          return errorResponse(403, ErrorCode.INVITATION_WRONG_ACCOUNT);
        Object.assign(team, structuredClone(memberTeam));
        return reply(e.acceptTeamInvitation, { success: true, message: 'Joined the team' });
      },
      options,
    ),
    handle(
      e.removeTeamMember,
      ({ query }) => {
        const index = team.members.findIndex((m) => m.id === query.id && m.role === 'member');
        if (team.role !== 'owner' || index < 0) return notFound();
        team.members.splice(index, 1);
        team.seats_used -= 1;
        return reply(e.removeTeamMember, { success: true, message: 'Member removed' });
      },
      options,
    ),
    handle(
      e.leaveTeam,
      () => {
        if (team.role !== 'member') return notFound();
        Object.assign(team, structuredClone(noTeam));
        return reply(e.leaveTeam, { success: true, message: 'Left the team' });
      },
      options,
    ),
    handle(
      e.revokeTeamInvitation,
      ({ query }) => {
        const index = team.invitations.findIndex((i) => i.id === query.id);
        if (team.role !== 'owner' || index < 0) return notFound();
        const [removed] = team.invitations.splice(index, 1);
        if (removed && !removed.expired) team.seats_used -= 1;
        return reply(e.revokeTeamInvitation, { success: true, message: 'Invitation revoked' });
      },
      options,
    ),
  ];
}

export const teamHandlers = createTeamHandlers();

/** Named team scenarios (the `team` key). */
export const team = {
  default: () => teamHandlers,
  /** A Business owner before the first invitation. */
  empty: () => createTeamHandlers(emptyOwnerTeam),
  /** Every seat taken. */
  full: () => createTeamHandlers(fullOwnerTeam),
  /** The owner left Business; members use their own plans. */
  lapsed: () => createTeamHandlers(lapsedOwnerTeam),
  /** Seen by a member. */
  member: () => createTeamHandlers(memberTeam),
  /** A plan without a team. */
  none: () => createTeamHandlers(noTeam),
  /** Loading the team fails with `status`. */
  failing: (status = 500) => [failWith(e.getTeam, status, ErrorCode.SERVER), ...teamHandlers],
  /** Inviting, removing and revoking fail with `status`. */
  changesFailing: (status = 500) => [
    failWith(e.inviteTeamMember, status, ErrorCode.SERVER),
    failWith(e.removeTeamMember, status, ErrorCode.SERVER),
    failWith(e.revokeTeamInvitation, status, ErrorCode.SERVER),
    failWith(e.leaveTeam, status, ErrorCode.SERVER),
    ...createTeamHandlers(),
  ],
  slow: (ms = 3_000) => createTeamHandlers(ownerTeam, { latency: ms }),
};
