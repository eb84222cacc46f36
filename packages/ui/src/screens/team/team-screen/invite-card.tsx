import { zodResolver } from '@hookform/resolvers/zod';
import {
  ErrorCode,
  InviteBody,
  type FailureText,
  type FieldIssue,
  type TeamResponse,
} from '@protokoll/contract';
import { MailPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/alert.tsx';
import { Button } from '../../../components/button.tsx';
import { FormCard } from '../../../components/form-card.tsx';
import { fieldIssuesOf, TextFormField, useServerFieldErrors } from '../../../components/form.tsx';
import { useFailureText } from '../../../lib/failure-text.ts';
import { useTranslation } from 'react-i18next';
import type { TeamActionStatus } from './action-status.ts';

const inviteFields = ['email'] as const;

/** The owner's invitation form, with the seats left and the answer of the last invitation. */
export function InviteCard({
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
