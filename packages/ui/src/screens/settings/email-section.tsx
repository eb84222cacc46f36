import { zodResolver } from '@hookform/resolvers/zod';
import { ChangeEmailBody, ErrorCode, type FailureText, type FieldIssue } from '@protokoll/contract';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { fieldIssuesOf, TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import type { ProfileActionStatus } from './profile-status.ts';

const emailFields = ['new_email'] as const;

export interface EmailSectionProps {
  /** The address in use; a change to the same one is refused here. */
  email: string;
  /** A new address (trimmed, lower-cased) should get a confirmation link. */
  onRequestChange: (newEmail: string) => void;
  status: ProfileActionStatus;
  /** Why the request failed; "already registered" shows at the field. */
  error: FailureText | undefined;
  /** Where the link went; defaults to the address last submitted here. */
  sentTo: string | undefined;
  /** Server field issues; `new_email` shows at the field. */
  fieldErrors: FieldIssue[] | undefined;
}

/** "E-Mail-Adresse": the current address and a request to change it, confirmed by mail. */
export function EmailSection({
  email,
  onRequestChange,
  status,
  error,
  sentTo,
  fieldErrors,
}: EmailSectionProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const currentEmail = email.trim().toLowerCase();
  const schema = useMemo(
    () =>
      ChangeEmailBody.refine((body) => body.new_email !== currentEmail, {
        error: 'settings.email.sameAsCurrent',
        path: ['new_email'],
      }),
    [currentEmail],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { new_email: '' } });
  const [submitted, setSubmitted] = useState<string>();
  useServerFieldErrors(
    form.setError,
    [...(fieldErrors ?? []), ...fieldIssuesOf(error, { [ErrorCode.EMAIL_EXISTS]: 'new_email' })],
    emailFields,
  );

  // A finished change empties the form: the address is no longer something to submit.
  const { reset } = form;
  useEffect(() => {
    if (status === 'success') reset();
  }, [status, reset]);

  const atField = form.formState.errors.new_email?.type === 'server';
  return (
    <FormCard
      form={form}
      title={t('settings.email.title')}
      description={t('settings.email.description')}
      onValid={(values) => {
        setSubmitted(values.new_email);
        onRequestChange(values.new_email);
      }}
      actions={
        <>
          <Button type="submit" variant="outline" loading={status === 'pending'}>
            {t('settings.email.submit')}
          </Button>
        </>
      }
    >
      <dl className="grid gap-1 text-sm">
        <dt className="font-medium text-foreground">{t('settings.email.current')}</dt>
        <dd data-slot="current-email" className="wrap-anywhere text-muted-foreground">
          {email}
        </dd>
      </dl>
      <TextFormField
        control={form.control}
        name="new_email"
        label={t('settings.email.new')}
        type="email"
        autoComplete="email"
      />
      {status === 'error' && !atField ? (
        <Alert
          variant="danger"
          description={failureText(error ?? { code: 'internal' }, 'settings.email.failed')}
        />
      ) : null}
      {status === 'success' ? (
        <Alert
          variant="success"
          title={t('settings.email.sent', { email: sentTo ?? submitted ?? '' })}
          description={t('settings.email.sentHint')}
          className="[&_[data-slot=alert-title]]:wrap-anywhere"
        />
      ) : null}
    </FormCard>
  );
}
