import { TeamScreen } from '@protokoll/ui';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAcceptTeamInvitation } from '../api/team/accept.ts';
import { useInviteTeamMember } from '../api/team/invite.ts';
import { useLeaveTeam } from '../api/team/leave.ts';
import { useRemoveTeamMember } from '../api/team/remove-member.ts';
import { useRevokeTeamInvitation } from '../api/team/revoke-invitation.ts';
import { useTeam } from '../api/team/team.ts';
import { toFailureText, toFieldIssues } from '../lib/failure.ts';
import { useLocale } from '../lib/use-locale.ts';

/**
 * `/team` (docs/product.md#teams): the team of the signed-in person. Opened from an invitation
 * mail (`?accept=<token>`) it offers to join first.
 */
export function TeamRoute() {
  const [, navigate] = useLocation();
  const { locale } = useLocale();
  const token = new URLSearchParams(useSearch()).get('accept') ?? '';
  const team = useTeam();
  const invite = useInviteTeamMember();
  const accept = useAcceptTeamInvitation();
  const remove = useRemoveTeamMember();
  const revoke = useRevokeTeamInvitation();
  const leave = useLeaveTeam();
  const [pendingId, setPendingId] = useState<number>();
  const actionError = remove.error ?? revoke.error ?? leave.error;

  return (
    <TeamScreen
      team={team.data}
      status={team.data ? 'ready' : team.isError ? 'error' : 'loading'}
      error={team.error ? toFailureText(team.error) : undefined}
      onRetry={() => void team.refetch()}
      onInvite={(email) => invite.mutate({ email, locale })}
      inviteStatus={invite.status}
      inviteError={invite.error ? toFailureText(invite.error) : undefined}
      fieldErrors={toFieldIssues(invite.error)}
      invitedEmail={invite.variables?.email}
      onRemoveMember={(id) => {
        setPendingId(id);
        revoke.reset();
        leave.reset();
        remove.mutate(id, { onSettled: () => setPendingId(undefined) });
      }}
      onRevokeInvitation={(id) => {
        setPendingId(id);
        remove.reset();
        leave.reset();
        revoke.mutate(id, { onSettled: () => setPendingId(undefined) });
      }}
      onLeave={() => {
        remove.reset();
        revoke.reset();
        leave.mutate();
      }}
      pendingId={leave.isPending ? team.data?.members[0]?.id : pendingId}
      actionError={actionError ? toFailureText(actionError) : undefined}
      onUpgrade={() => navigate('/buy')}
      invitation={
        token
          ? {
              status: accept.status,
              error: accept.error ? toFailureText(accept.error) : undefined,
            }
          : undefined
      }
      onAcceptInvitation={() => accept.mutate(token)}
    />
  );
}
