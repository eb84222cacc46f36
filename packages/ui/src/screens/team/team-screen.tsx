import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorCode,
  InviteBody,
  type FailureText,
  type FieldIssue,
  type TeamInvitation,
  type TeamMember,
  type TeamResponse,
} from '@protokoll/contract';
import { LogOut, MailPlus, RotateCw, Trash2, Users, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../components/alert.tsx';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/alert-dialog.tsx';
import { Badge } from '../../components/badge.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { fieldIssuesOf, TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { Skeleton } from '../../components/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { useFailureText } from '../../lib/failure-text.ts';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from 'react-i18next';
import type { LoadStatus } from '../../lib/load-status.ts';

/** How the last change (invite, remove, revoke, leave, accept) went. */
export type TeamActionStatus = 'idle' | 'pending' | 'success' | 'error';

const inviteFields = ['email'] as const;

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
      <header className="min-w-0">
        <h1
          id={titleId}
          className="text-2xl font-semibold tracking-tight text-balance text-foreground sm:text-3xl"
        >
          {t('team.title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('team.subtitle')}</p>
      </header>

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

      {status === 'loading' ? (
        <Card aria-busy>
          <CardContent className="grid gap-4 pt-6">
            <span className="sr-only">{t('common.loading')}</span>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </CardContent>
        </Card>
      ) : null}

      {status === 'error' || (status === 'ready' && !team) ? (
        <Alert
          variant="danger"
          description={failureText(error ?? { code: 'internal' }, 'team.loadFailed')}
        >
          {onRetry ? (
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              <RotateCw aria-hidden />
              {t('common.retry')}
            </Button>
          ) : null}
        </Alert>
      ) : null}

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

function InvitationBanner({
  status,
  error,
  onAccept,
}: {
  status: TeamActionStatus;
  error: FailureText | undefined;
  onAccept: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  if (status === 'success') {
    return (
      <Alert
        variant="success"
        data-slot="invitation-accepted"
        title={t('team.accept.joinedTitle')}
        description={t('team.accept.joined')}
      />
    );
  }
  return (
    <Alert
      variant={status === 'error' ? 'danger' : 'info'}
      data-slot="invitation"
      title={t('team.accept.title')}
      description={
        status === 'error' ? failureText(error, 'team.accept.failed') : t('team.accept.description')
      }
    >
      {status !== 'error' && onAccept ? (
        <Button size="sm" className="mt-2" onClick={onAccept} loading={status === 'pending'}>
          {t('team.accept.submit')}
        </Button>
      ) : null}
    </Alert>
  );
}

function NoTeam({ onUpgrade }: { onUpgrade: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-upsell">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.none.title')}</h2>
        </CardTitle>
        <CardDescription>{t('team.none.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid list-disc gap-2 pl-5 text-sm text-foreground">
          <li>{t('team.none.pool')}</li>
          <li>{t('team.none.private')}</li>
          <li>{t('team.none.overview')}</li>
        </ul>
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={onUpgrade}>{t('team.upgrade')}</Button>
      </CardFooter>
    </Card>
  );
}

function MemberView({
  team,
  onLeave,
  leaving,
}: {
  team: TeamResponse;
  onLeave: () => void;
  leaving: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const self = team.members[0];
  return (
    <Card aria-labelledby={titleId} data-slot="team-membership">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId} className="wrap-anywhere">
            {t('team.member.title', { owner: team.owner?.name ?? '' })}
          </h2>
        </CardTitle>
        <CardDescription className="wrap-anywhere">{team.owner?.email}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {team.active ? (
          <p className="text-sm text-foreground">
            {t('team.member.pool', { plan: team.plan_name })}
          </p>
        ) : (
          <Alert
            variant="warning"
            data-slot="team-inactive"
            description={t('team.member.inactive')}
          />
        )}
        {self ? (
          <dl className="grid gap-1 text-sm">
            <dt className="font-medium text-foreground">{t('team.member.used')}</dt>
            <dd className="text-muted-foreground">{format.minutes(self.minutes_used)}</dd>
          </dl>
        ) : null}
      </CardContent>
      <CardFooter className="justify-end">
        <ConfirmButton
          label={t('team.member.leave')}
          icon={<LogOut aria-hidden />}
          title={t('team.member.leaveTitle')}
          description={t('team.member.leaveDescription', { owner: team.owner?.name ?? '' })}
          confirm={t('team.member.leaveConfirm')}
          pending={leaving}
          onConfirm={onLeave}
        />
      </CardFooter>
    </Card>
  );
}

function InviteCard({
  team,
  onInvite,
  status,
  error,
  fieldErrors,
  invitedEmail,
}: {
  team: TeamResponse;
  onInvite: (email: string) => void;
  status: TeamActionStatus;
  error: FailureText | undefined;
  fieldErrors: FieldIssue[] | undefined;
  invitedEmail: string | undefined;
}) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useForm({ resolver: zodResolver(InviteBody), defaultValues: { email: '' } });
  const [submitted, setSubmitted] = useState<string>();
  useServerFieldErrors(
    form.setError,
    [
      ...(fieldErrors ?? []),
      ...fieldIssuesOf(error, {
        [ErrorCode.TEAM_SELF_INVITE]: 'email',
        [ErrorCode.TEAM_ALREADY_MEMBER]: 'email',
      }),
    ],
    inviteFields,
  );
  const { reset } = form;
  useEffect(() => {
    if (status === 'success') reset();
  }, [status, reset]);
  const full = team.seats_used >= team.seats;
  const atField = form.formState.errors.email?.type === 'server';
  return (
    <FormCard
      form={form}
      title={t('team.invite.title')}
      description={t('team.invite.seats', {
        used: team.seats_used,
        seats: team.seats,
        plan: team.plan_name,
      })}

      onValid={(values) => {
        setSubmitted(values.email);
        onInvite(values.email);
      }}
      slot="team-invite"
      actions={
        <>
          <Button type="submit" loading={status === 'pending'} disabled={full}>
            <MailPlus aria-hidden />
            {t('team.invite.submit')}
          </Button>
        </>
      }
    >
      {full ? (
        <Alert variant="info" data-slot="team-full" description={t('team.invite.full')} />
      ) : null}
      <TextFormField
        control={form.control}
        name="email"
        label={t('team.invite.email')}
        type="email"
        autoComplete="off"
        disabled={full}
      />
      {status === 'error' && !atField ? (
        <Alert variant="danger" description={failureText(error, 'team.invite.failed')} />
      ) : null}
      {status === 'success' ? (
        <Alert
          variant="success"
          className="[&_[data-slot=alert-title]]:wrap-anywhere"
          title={t('team.invite.sent', { email: invitedEmail ?? submitted ?? '' })}
          description={t('team.invite.sentHint')}
        />
      ) : null}
    </FormCard>
  );
}

function MembersCard({
  team,
  onRemove,
  pendingId,
}: {
  team: TeamResponse;
  onRemove: (id: number) => void;
  pendingId: number | undefined;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-members">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.members.title')}</h2>
        </CardTitle>
        <CardDescription>{t('team.members.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {team.members.length > 1 ? null : (
          <p className="mb-3 flex items-center gap-2 text-sm text-muted-foreground">
            <Users aria-hidden className="size-4" />
            {t('team.members.empty')}
          </p>
        )}
        <ul className="grid divide-y divide-border" aria-labelledby={titleId}>
          {team.members.map((member) => (
            <MemberRow
              key={member.id}
              member={member}
              onRemove={onRemove}
              pending={pendingId === member.id}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function MemberRow({
  member,
  onRemove,
  pending,
}: {
  member: TeamMember;
  onRemove: (id: number) => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <li
      data-slot="team-member"
      className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
    >
      <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 font-medium text-foreground">
          <span className="wrap-anywhere">{member.name}</span>
          <Badge variant={member.role === 'owner' ? 'brand' : 'neutral'}>
            {t(`team.roles.${member.role}`)}
          </Badge>
        </span>
        <span className="text-sm wrap-anywhere text-muted-foreground">{member.email}</span>
      </div>
      <div className="flex items-center gap-3">
        <span className="text-sm whitespace-nowrap text-foreground">
          {t('team.members.used', { minutes: format.minutes(member.minutes_used) })}
        </span>
        {member.role === 'member' ? (
          <ConfirmButton
            label={t('team.members.remove')}
            accessibleLabel={t('team.members.removeNamed', { name: member.name })}
            icon={<Trash2 aria-hidden />}
            title={t('team.members.removeTitle', { name: member.name })}
            description={t('team.members.removeDescription')}
            confirm={t('team.members.removeConfirm')}
            pending={pending}
            onConfirm={() => onRemove(member.id)}
          />
        ) : null}
      </div>
    </li>
  );
}

function InvitationsCard({
  invitations,
  onRevoke,
  pendingId,
}: {
  invitations: TeamInvitation[];
  onRevoke: (id: number) => void;
  pendingId: number | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} data-slot="team-invitations">
      <CardHeader>
        <CardTitle asChild>
          <h2 id={titleId}>{t('team.invitations.title')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid divide-y divide-border" aria-labelledby={titleId}>
          {invitations.map((invitation) => (
            <li
              key={invitation.id}
              data-slot="team-invitation"
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="grid min-w-0 flex-1 basis-56 gap-0.5">
                <span className="font-medium wrap-anywhere text-foreground">
                  {invitation.email}
                </span>
                <span className="text-sm text-muted-foreground">
                  {invitation.expired ? (
                    <Badge variant="warning">{t('team.invitations.expired')}</Badge>
                  ) : (
                    t('team.invitations.expires', { date: format.date(invitation.expires_at) })
                  )}
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={pendingId === invitation.id}
                aria-label={t('team.invitations.revokeNamed', { email: invitation.email })}
                onClick={() => onRevoke(invitation.id)}
              >
                <X aria-hidden />
                {t('team.invitations.revoke')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ConfirmButton({
  label,
  accessibleLabel,
  icon,
  title,
  description,
  confirm,
  pending,
  onConfirm,
}: {
  label: string;
  accessibleLabel?: string;
  icon: React.ReactNode;
  title: string;
  description: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" loading={pending} aria-label={accessibleLabel}>
          {icon}
          {label}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="danger" onClick={onConfirm}>
            {confirm}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
