import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateUserBody, type FailureText, type FieldIssue, type User } from '@protokoll/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import { FormCard } from '../../components/form-card.tsx';
import { TextFormField, useServerFieldErrors } from '../../components/form.tsx';
import { useFailureText } from '../../lib/failure-text.ts';
import type { ProfileActionStatus } from './profile-status.ts';

const profileFields = ['first_name', 'last_name', 'company', 'phone_number'] as const;

export interface ProfileSectionProps {
  /** The form starts from these values and follows their changes. */
  user: Pick<User, 'firstName' | 'lastName' | 'company' | 'phoneNumber'>;
  /** Submitted with valid, trimmed values (empty company/phone clear them). */
  onSave: (values: UpdateUserBody) => void;
  status: ProfileActionStatus;
  /** Why saving failed; "Benutzereinstellungen konnten nicht gespeichert
   * werden" unless it says more. */
  error: FailureText | undefined;
  /** Server field issues; those of this form's fields show there. */
  fieldErrors: FieldIssue[] | undefined;
}

/** "Profil": name, company and phone. */
export function ProfileSection({ user, onSave, status, error, fieldErrors }: ProfileSectionProps) {
  const { t } = useTranslation();
  const failureText = useFailureText();
  // The form follows the user the app passes in, without discarding what is being edited.
  const values = useMemo(
    () => ({
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.company ?? '',
      phone_number: user.phoneNumber ?? '',
    }),
    [user.firstName, user.lastName, user.company, user.phoneNumber],
  );
  const form = useForm({
    resolver: zodResolver(UpdateUserBody),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  useServerFieldErrors(form.setError, fieldErrors, profileFields);

  return (
    <FormCard
      form={form}
      title={t('settings.profile.title')}
      description={t('settings.profile.description')}
      onValid={(body) => onSave(body)}
      columns={2}
      actions={
        <>
          <Button type="submit" loading={status === 'pending'}>
            {t('settings.profile.save')}
          </Button>
        </>
      }
    >
      <TextFormField
        control={form.control}
        name="first_name"
        label={t('settings.profile.firstName')}
        autoComplete="given-name"
      />
      <TextFormField
        control={form.control}
        name="last_name"
        label={t('settings.profile.lastName')}
        autoComplete="family-name"
      />
      <TextFormField
        control={form.control}
        name="company"
        label={t('settings.profile.company')}
        optional
        autoComplete="organization"
      />
      <TextFormField
        control={form.control}
        name="phone_number"
        label={t('settings.profile.phone')}
        optional
        type="tel"
        autoComplete="tel"
      />
      {status === 'error' ? (
        <Alert
          variant="danger"
          className="sm:col-span-2"
          description={failureText(error ?? { code: 'internal' }, 'errors.updateUserFailed')}
        />
      ) : null}
      {status === 'success' ? (
        <Alert
          variant="success"
          className="sm:col-span-2"
          description={t('settings.profile.saved')}
        />
      ) : null}
    </FormCard>
  );
}
