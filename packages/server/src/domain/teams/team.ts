// Teams (docs/product.md#teams): a Business owner invites people by e-mail; members draw on the
// owner's minutes (docs/minutes.md#team-pool) and keep their notes and folders to themselves.
// Every query names the caller: an owner only reaches their own team's rows, a member only their
// own membership; anything else is 404.
import {
  TEAM_INVITATION_TTL_MS,
  type TeamInvitation,
  type TeamMember,
  type TeamResponse,
} from '@protokoll/contract';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  minutesLedger,
  teamInvitations,
  teamMembers,
  teams,
  users,
  type User,
} from '../../db/schema.ts';
import { hashToken, randomToken } from '../../lib/auth/tokens.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { translatorFor } from '../../lib/locale-files.ts';
import { notFoundError } from '../../lib/errors.ts';
import { ensureMonthlyGrant, lockUserMinutes } from '../minutes.ts';
import { planById } from '../plans.ts';
import { findUserByEmail, nameOf } from '../../lib/users.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { teamInvitationMail } from '../../providers/mail/templates.ts';
import { invalidLink } from '../accounts/errors.ts';
import type { MailReach } from '../accounts/mail-reach.ts';
import type { DomainDeps } from '../deps.ts';
import {
  alreadyMember,
  invitationExpired,
  invitationUsed,
  invitationWrongAccount,
  inviterInOtherTeam,
  ownsTeam,
  otherTeam,
  selfInvite,
  teamFull,
  teamPlanRequired,
} from './errors.ts';

export interface TeamDeps extends DomainDeps {
  mailer: Mailer;
}

type InvitationRow = typeof teamInvitations.$inferSelect;

function toInvitation(row: InvitationRow, now: Date): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    expired: row.expiresAt <= now,
  };
}

/** The team the user owns, if any. */
async function ownedTeam(db: Db, ownerId: number): Promise<{ id: number } | undefined> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, ownerId));
  return team;
}

/** The team the user is a member of, with its owner. */
async function membershipOf(db: Db, userId: number) {
  const [row] = await db
    .select({ teamId: teamMembers.teamId, joinedAt: teamMembers.joinedAt, owner: users })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .where(eq(teamMembers.userId, userId));
  return row;
}

/** Minutes charged to the owner's pool this period, per person who spent them. */
async function usedByPerson(db: Db, owner: User): Promise<Map<number, number>> {
  const period = await ensureMonthlyGrant(db, owner.id, owner.planId);
  const rows = await db
    .select({
      person: sql<number>`coalesce(${minutesLedger.actorId}, ${minutesLedger.userId})`,
      minutes: sql<string>`coalesce(sum(${minutesLedger.minutes}), 0)`,
    })
    .from(minutesLedger)
    .where(
      and(
        eq(minutesLedger.userId, owner.id),
        eq(minutesLedger.period, period),
        eq(minutesLedger.kind, 'charge'),
      ),
    )
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [Number(row.person), Number(row.minutes)]));
}

/** Open invitations of a team: neither accepted nor revoked (expired ones included, flagged). */
async function openInvitations(db: Db, teamId: number): Promise<InvitationRow[]> {
  return db
    .select()
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .orderBy(teamInvitations.createdAt, teamInvitations.id);
}

/** Seats taken: members plus invitations that can still be accepted. */
async function seatsTaken(db: Db, teamId: number, now: Date): Promise<number> {
  const [members] = await db
    .select({ value: count() })
    .from(teamMembers)
    .where(eq(teamMembers.teamId, teamId));
  const [invited] = await db
    .select({ value: count() })
    .from(teamInvitations)
    .where(
      and(
        eq(teamInvitations.teamId, teamId),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
        gt(teamInvitations.expiresAt, now),
      ),
    );
  return (members?.value ?? 0) + (invited?.value ?? 0);
}

/** Whether the user owns a team with a member or an invitation that can still be accepted. */
async function leadsTeam(db: Db, userId: number, now: Date): Promise<boolean> {
  const own = await ownedTeam(db, userId);
  return own !== undefined && (await seatsTaken(db, own.id, now)) > 0;
}

/** `GET /api/team` for the caller (see TeamResponse). */
export async function teamOf(db: Db, user: User, now: Date = new Date()): Promise<TeamResponse> {
  const membership = await membershipOf(db, user.id);
  if (membership) {
    const { owner } = membership;
    const plan = planById(owner.planId);
    const used = await usedByPerson(db, owner);
    return {
      success: true,
      role: 'member',
      active: plan.teamSeats > 0,
      seats: plan.teamSeats,
      seats_used: await seatsTaken(db, membership.teamId, now),
      plan_name: plan.name,
      owner: { name: nameOf(owner), email: owner.email },
      members: [
        {
          id: user.id,
          name: nameOf(user),
          email: user.email,
          role: 'member',
          minutes_used: used.get(user.id) ?? 0,
          joined_at: membership.joinedAt.toISOString(),
        },
      ],
      invitations: [],
    };
  }
  const plan = planById(user.planId);
  const team = await ownedTeam(db, user.id);
  const memberRows = team
    ? await db
        .select({ person: users, joinedAt: teamMembers.joinedAt })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(eq(teamMembers.teamId, team.id))
        .orderBy(teamMembers.joinedAt, users.id)
    : [];
  // An owner whose plan lost its team still sees (and may remove) the members it had.
  if (plan.teamSeats === 0 && memberRows.length === 0) {
    return {
      success: true,
      role: 'none',
      active: false,
      seats: 0,
      seats_used: 0,
      plan_name: plan.name,
      owner: null,
      members: [],
      invitations: [],
    };
  }
  const used = await usedByPerson(db, user);
  const invitations = team ? await openInvitations(db, team.id) : [];
  const members: TeamMember[] = [
    {
      id: user.id,
      name: nameOf(user),
      email: user.email,
      role: 'owner',
      minutes_used: used.get(user.id) ?? 0,
      joined_at: user.createdAt.toISOString(),
    },
    ...memberRows.map(({ person, joinedAt }) => ({
      id: person.id,
      name: nameOf(person),
      email: person.email,
      role: 'member' as const,
      minutes_used: used.get(person.id) ?? 0,
      joined_at: joinedAt.toISOString(),
    })),
  ];
  return {
    success: true,
    role: 'owner',
    active: plan.teamSeats > 0,
    seats: plan.teamSeats,
    seats_used: team ? await seatsTaken(db, team.id, now) : 0,
    plan_name: plan.name,
    owner: null,
    members,
    invitations: invitations.map((row) => toInvitation(row, now)),
  };
}

/**
 * Invites `email` to the caller's team (created with the first invitation) and mails the link.
 * Inviting an address with an open invitation again replaces it (a new link, a fresh 7 days).
 * Seats are counted under the owner's row lock, so two invitations at once cannot both take the
 * last seat.
 * @throws ApiError 403 without a team plan, 409 for a member of another team, an existing
 * member or a full team, 422 for the caller's own address.
 */
export async function inviteToTeam(
  deps: TeamDeps,
  {
    owner,
    email,
    reach,
    now = new Date(),
  }: { owner: User; email: string; reach: MailReach; now?: Date },
): Promise<TeamInvitation> {
  const { db } = deps;
  if (email === owner.email.toLowerCase()) throw selfInvite();
  if (await membershipOf(db, owner.id)) throw otherTeam();
  const token = randomToken();
  const invitation = await db.transaction(async (tx) => {
    const locked = await lockUserMinutes(tx, owner.id);
    const plan = planById(locked?.planId ?? owner.planId);
    if (plan.teamSeats === 0) throw teamPlanRequired();
    // Again under the owner's lock, which joining a team takes too: an owner who joined another
    // team a moment ago invites nobody into a team of their own.
    if (await membershipOf(tx, owner.id)) throw otherTeam();
    await tx.insert(teams).values({ ownerId: owner.id }).onConflictDoNothing();
    const team = await ownedTeam(tx, owner.id);
    if (!team) throw new Error('team row missing after insert');
    const [member] = await tx
      .select({ id: users.id })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, team.id), eq(sql`lower(${users.email})`, email)));
    if (member) throw alreadyMember();
    // Replacing an open invitation frees its seat first.
    await tx
      .update(teamInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(teamInvitations.teamId, team.id),
          eq(teamInvitations.email, email),
          isNull(teamInvitations.acceptedAt),
          isNull(teamInvitations.revokedAt),
        ),
      );
    if ((await seatsTaken(tx, team.id, now)) >= plan.teamSeats) throw teamFull();
    const [row] = await tx
      .insert(teamInvitations)
      .values({
        teamId: team.id,
        email,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + TEAM_INVITATION_TTL_MS),
      })
      .returning();
    if (!row) throw new Error('invitation insert returned nothing');
    return row;
  });
  const invitee = await findUserByEmail(db, email);
  const locale = reach.locale(invitee?.locale);
  const link = reach.link(locale, '/team', { accept: token });
  await deps.mailer.send(
    teamInvitationMail(
      await translatorFor(deps.config.localesDir, locale),
      email,
      link,
      nameOf(owner),
      // Greeted by name when the address already has an account.
      invitee ?? undefined,
    ),
  );
  return toInvitation(invitation, now);
}

/**
 * Joins the team of an invitation with its link's token. Only the invited address may use it,
 * once, within 7 days, while the owner's plan includes a team; a user is in one team at most.
 * @throws ApiError 400 for an unknown token, 410 for a used, revoked or expired one, 403 for
 * another account or an owner without a team plan, 409 for someone already in a team.
 */
export async function acceptInvitation(
  deps: DomainDeps,
  { user, token, now = new Date() }: { user: User; token: string; now?: Date },
): Promise<void> {
  const { db } = deps;
  const [found] = await db
    .select({ invitation: teamInvitations, ownerId: teams.ownerId })
    .from(teamInvitations)
    .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  if (!found) throw invalidLink();
  const { invitation, ownerId } = found;
  if (invitation.acceptedAt || invitation.revokedAt) throw invitationUsed();
  if (invitation.expiresAt <= now) throw invitationExpired();
  if (invitation.email !== user.email.toLowerCase()) throw invitationWrongAccount();
  if (ownerId === user.id) throw selfInvite();
  const current = await membershipOf(db, user.id);
  if (current) throw current.owner.id === ownerId ? alreadyMember() : otherTeam();
  await db
    .transaction(async (tx) => {
      // Both rows, in id order (two owners accepting each other's invitations at once must not
      // wait on each other): inviting, accepting and joining all take the owner's lock, so the
      // checks below hold until the membership is written.
      const lockedRows = new Map<number, { planId: string } | undefined>();
      for (const id of [ownerId, user.id].sort((a, b) => a - b)) {
        lockedRows.set(id, await lockUserMinutes(tx, id));
      }
      const locked = lockedRows.get(ownerId);
      if (!locked || planById(locked.planId).teamSeats === 0) throw teamPlanRequired();
      // One team per person, both ways (docs/product.md#teams): the inviter must not have become
      // a member elsewhere meanwhile, and whoever joins must not lead a team someone belongs to
      // or is invited to.
      if (await membershipOf(tx, ownerId)) throw inviterInOtherTeam();
      if (await leadsTeam(tx, user.id, now)) throw ownsTeam();
      const [spent] = await tx
        .update(teamInvitations)
        .set({ acceptedAt: now })
        .where(
          and(
            eq(teamInvitations.id, invitation.id),
            isNull(teamInvitations.acceptedAt),
            isNull(teamInvitations.revokedAt),
          ),
        )
        .returning({ id: teamInvitations.id });
      if (!spent) throw invitationUsed();
      await tx
        .insert(teamMembers)
        .values({ teamId: invitation.teamId, userId: user.id, joinedAt: now });
    })
    .catch((error: unknown) => {
      // Joined another team at the same moment (one team per user).
      if (isUniqueViolation(error)) throw otherTeam();
      throw error;
    });
  deps.logger.info('team invitation accepted', { teamId: invitation.teamId, userId: user.id });
}

/**
 * Removes a member from the caller's team. Under the owner's row lock, so an upload deciding
 * whose minutes to use sees the membership wholly before or after. Jobs already accepted keep
 * their reservation on the pool and settle there.
 * @throws ApiError 404 when the caller owns no team with that member.
 */
export async function removeMember(
  deps: DomainDeps,
  { ownerId, memberId }: { ownerId: number; memberId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await lockUserMinutes(tx, ownerId);
    const team = await ownedTeam(tx, ownerId);
    if (!team) throw notFoundError();
    const [removed] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, memberId)))
      .returning({ userId: teamMembers.userId });
    if (!removed) throw notFoundError();
  });
}

/**
 * The caller leaves the team they are a member of.
 * @throws ApiError 404 when they are in no team as a member.
 */
export async function leaveTeam(deps: DomainDeps, userId: number): Promise<void> {
  const membership = await membershipOf(deps.db, userId);
  if (!membership) throw notFoundError();
  await deps.db.transaction(async (tx) => {
    await lockUserMinutes(tx, membership.owner.id);
    const [left] = await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, membership.teamId), eq(teamMembers.userId, userId)))
      .returning({ userId: teamMembers.userId });
    if (!left) throw notFoundError();
  });
}

/**
 * Revokes an open invitation of the caller's team; its link stops working and its seat is free.
 * @throws ApiError 404 for someone else's, an accepted or an already revoked invitation.
 */
export async function revokeInvitation(
  deps: DomainDeps,
  {
    ownerId,
    invitationId,
    now = new Date(),
  }: { ownerId: number; invitationId: number; now?: Date },
): Promise<void> {
  const team = await ownedTeam(deps.db, ownerId);
  if (!team) throw notFoundError();
  const [revoked] = await deps.db
    .update(teamInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(teamInvitations.id, invitationId),
        eq(teamInvitations.teamId, team.id),
        isNull(teamInvitations.acceptedAt),
        isNull(teamInvitations.revokedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (!revoked) throw notFoundError();
}
