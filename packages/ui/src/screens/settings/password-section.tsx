import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangePasswordBody,
  ErrorCode,
  type FailureText,
  type FieldIssue,
} from '@protokoll/contract';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { fieldIssuesOf, TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import type { ProfileActionStatus } from './profile-status.ts';

const passwordFields = ['current_password', 'new_password'] as const;

export interface PasswordSectionProps {
  /** Submitted with valid values. */
  onChange: (values: ChangePasswordBody) => void;
  status: ProfileActionStatus;
  /** Why the change failed; a wrong current password shows at its field. */
  error: FailureText | undefined;
  /** Server field issues; those of this form's fields show there. */
  fieldErrors: FieldIssue[] | undefined;
}

/** "Passwort": the current and a new password. */
export function PasswordSection({ onChange, status, error, fieldErrors }: PasswordSectionProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  const form = useForm({
    resolver: zodResolver(ChangePasswordBody),
    defaultValues: { current_password: '', new_password: '' },
  });
  useServerFieldErrors(
    form.setError,
    [
      ...(fieldErrors ?? []),
      ...fieldIssuesOf(error, { [ErrorCode.WRONG_PASSWORD]: 'current_password' }),
    ],
    passwordFields,
  );

  // A finished change empties the form: the passwords are no longer something to submit.
  const { reset } = form;
  useEffect(() => {
    if (status === 'success') reset();
  }, [status, reset]);

  const { errors } = form.formState;
  const atField = passwordFields.some((name) => errors[name]?.type === 'server');
  return (
    <FormCard
      form={form}
      title={t('settings.password.title')}
      description={t('settings.password.description')}
      onValid={(values) => onChange(values)}
      columns={2}
      actions={
        <>
          <Button type="submit" variant="outline" loading={status === 'pending'}>
            {t('settings.password.submit')}
          </Button>
        </>
      }
    >
      <TextFormField
        control={form.control}
        name="current_password"
        label={t('settings.password.current')}
        password
        autoComplete="current-password"
      />
      <TextFormField
        control={form.control}
        name="new_password"
        label={t('settings.password.new')}
        password
        autoComplete="new-password"
      />
      {status === 'error' && !atField ? (
        <Alert
          variant="danger"
          className="sm:col-span-2"
          description={failureText(error ?? { code: 'internal' }, 'settings.password.failed')}
        />
      ) : null}
      {status === 'success' ? (
        <Alert
          variant="success"
          className="sm:col-span-2"
          description={t('settings.password.changed')}
        />
      ) : null}
    </FormCard>
  );
}
