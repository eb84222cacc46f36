import type { FailureText, FieldIssue, TeamResponse } from '@protokoll/contract';
import { useId } from 'react';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { Card, CardContent } from '../../../components/card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFailureText } from '../../../lib/failure-text.ts';
import { useTranslation } from 'react-i18next';
import type { LoadStatus } from '../../../lib/load-status.ts';
import { LoadState } from '../../../widgets/load-state.tsx';
import { InvitationBanner } from './invitation-banner.tsx';
import { NoTeam } from './no-team.tsx';
import { MemberView } from './member-view.tsx';
import { InviteCard } from './invite-card.tsx';
import { MembersCard } from './members-card.tsx';
import { InvitationsCard } from './invitations-card.tsx';

/** How the last change (invite, remove, revoke, leave, accept) went. */
import type { TeamActionStatus } from './action-status.ts';

export type { TeamActionStatus };

export interface TeamScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The caller's team as `GET /api/team` answers it. */
  team?: TeamResponse | undefined;
  /** Load state of `team`. */
  status: LoadStatus;
  /** Why loading failed. */
  error?: FailureText | undefined;
  /** Load the team again after a failure. */
  onRetry?: () => void;

  /** The owner invites this address (trimmed, lower-cased). */
  onInvite: (email: string) => void;
  /** `pending` while inviting, `success` once the mail is out (the field empties). */
  inviteStatus?: TeamActionStatus;
  /** Why inviting failed; "yourself" and "already a member" show at the field. */
  inviteError?: FailureText | undefined;
  /** Field issues of a 422 answer to the invitation. */
  fieldErrors?: FieldIssue[] | undefined;
  /** The address the last invitation went to. */
  invitedEmail?: string | undefined;

  /** The owner removes the member with this user id (after confirming). */
  onRemoveMember: (id: number) => void;
  /** The owner revokes the invitation with this id. */
  onRevokeInvitation: (id: number) => void;
  /** A member leaves the team (after confirming). */
  onLeave: () => void;
  /** The member or invitation whose change is running. */
  pendingId?: number | undefined;
  /** Why removing, revoking or leaving failed. */
  actionError?: FailureText | undefined;

  /** The way to a plan with a team. */
  onUpgrade: () => void;

  /**
   * An invitation link was opened (`/team?accept=…`): offered to accept here. Undefined when
   * the page was opened without one.
   */
  invitation?: { status: TeamActionStatus; error?: FailureText | undefined } | undefined;
  /** Accept the opened invitation. */
  onAcceptInvitation?: () => void;
}

/**
 * `/team`: for a Business owner the seats, the invitation form, the members with the minutes
 * each used from the pool, and the open invitations; for a member the owner and their own use,
 * and leaving; for everyone else what a team is and the upgrade.
 */
export function TeamScreen({
  team,
  status,
  error,
  onRetry,
  onInvite,
  inviteStatus = 'idle',
  inviteError,
  fieldErrors,
  invitedEmail,
  onRemoveMember,
  onRevokeInvitation,
  onLeave,
  pendingId,
  actionError,
  onUpgrade,
  invitation,
  onAcceptInvitation,
  className,
  ...props
}: TeamScreenProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const titleId = useId();
  return (
    <div
      data-slot="team-screen"
      aria-labelledby={titleId}
      className={cn('mx-auto grid w-full max-w-4xl min-w-0 gap-6 px-4 py-8 sm:px-6', className)}
      {...props}
    >
      <PageHeader titleId={titleId} title={t('team.title')} description={t('team.subtitle')} />

      {invitation ? (
        <InvitationBanner
          status={invitation.status}
          error={invitation.error}
          onAccept={onAcceptInvitation}
        />
      ) : null}

      {actionError ? (
        <Alert
          variant="danger"
          data-slot="team-action-error"
          description={failureText(actionError, 'team.actionFailed')}
        />
      ) : null}

      {/* Loading and its failure; the team's parts below once it is there. */}
      <LoadState
        status={status === 'ready' && !team ? 'error' : status}
        placeholder={
          <Card aria-busy>
            <CardContent className="grid gap-4 pt-6">
              <span className="sr-only">{t('common.loading')}</span>
              <Skeleton className="h-6 w-1/3" />
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-12 w-full" />
              <Skeleton className="h-12 w-full" />
            </CardContent>
          </Card>
        }
        failedText={failureText(error ?? { code: 'internal' }, 'team.loadFailed')}
        onRetry={onRetry}
      />

      {status === 'ready' && team?.role === 'none' ? <NoTeam onUpgrade={onUpgrade} /> : null}
      {status === 'ready' && team?.role === 'member' ? (
        <MemberView team={team} onLeave={onLeave} leaving={pendingId === team.members[0]?.id} />
      ) : null}
      {status === 'ready' && team?.role === 'owner' ? (
        <>
          {!team.active ? (
            <Alert
              variant="warning"
              data-slot="team-inactive"
              title={t('team.owner.inactiveTitle')}
              description={t('team.owner.inactive', { plan: team.plan_name })}
            >
              <Button size="sm" className="mt-2" onClick={onUpgrade}>
                {t('team.upgrade')}
              </Button>
            </Alert>
          ) : (
            <InviteCard
              team={team}
              onInvite={onInvite}
              status={inviteStatus}
              error={inviteError}
              fieldErrors={fieldErrors}
              invitedEmail={invitedEmail}
            />
          )}
          <MembersCard team={team} onRemove={onRemoveMember} pendingId={pendingId} />
          {team.invitations.length ? (
            <InvitationsCard
              invitations={team.invitations}
              onRevoke={onRevokeInvitation}
              pendingId={pendingId}
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
