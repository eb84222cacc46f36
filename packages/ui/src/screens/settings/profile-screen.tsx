import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangeEmailBody,
  ChangePasswordBody,
  DELETE_CONFIRMATION,
  DeleteUserBody,
  UpdateUserBody,
  type User,
} from '@protokoll/contract';
import { Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from '../../lib/i18n.tsx';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../components/alert-dialog.tsx';
import { Alert } from '../../components/alert.tsx';
import { Button } from '../../components/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '../../components/card.tsx';
import { Field } from '../../components/field.tsx';
import { Input } from '../../components/input.tsx';
import { PasswordInput } from '../../components/password-input.tsx';
import { cn } from '../../lib/cn.ts';

/** Every field of the profile screen, by its server-facing name. */
export type ProfileFieldName =
  | 'first_name'
  | 'last_name'
  | 'company'
  | 'phone_number'
  | 'new_email'
  | 'current_password'
  | 'new_password';

/** Server field problems: field name → i18n key (or already translated text). */
export type ProfileFieldErrors = Partial<Record<ProfileFieldName, string>>;

/** State of one of the screen's actions, as the app last saw it. */
export type ProfileActionStatus = 'idle' | 'pending' | 'success' | 'error';

export interface ProfileScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The signed-in user; the profile form starts from these values and follows their changes. */
  user: Pick<User, 'email' | 'firstName' | 'lastName' | 'company' | 'phoneNumber'>;

  /** The profile form was submitted with valid, trimmed values (empty company/phone clear them). */
  onSaveProfile: (values: UpdateUserBody) => void;
  /** `pending` while saving, `success` once saved, `error` when saving failed. */
  saveStatus?: ProfileActionStatus;
  /** Translated text for a failed save; defaults to SPEC §8 "Failed to update user Settings". */
  saveError?: string | undefined;

  /** A new e-mail address (trimmed, lower-cased) should get a confirmation link. */
  onRequestEmailChange: (newEmail: string) => void;
  /** `pending` while sending, `success` once the link is sent, `error` when sending failed. */
  emailStatus?: ProfileActionStatus;
  /** Translated text for a failed request; defaults to a generic message. */
  emailError?: string | undefined;
  /** Where the confirmation link went; defaults to the address last submitted here. */
  emailSentTo?: string | undefined;

  /** The password form was submitted with valid values. */
  onChangePassword: (values: ChangePasswordBody) => void;
  /** `pending` while changing, `success` once changed, `error` when it failed. */
  passwordStatus?: ProfileActionStatus;
  /** Translated text for a failed change; a wrong current password belongs in `fieldErrors`. */
  passwordError?: string | undefined;

  /** The person typed DELETE and confirmed deleting the account. */
  onDeleteAccount: () => void;
  /** `pending` while deleting (the dialog stays open), `error` when it failed. */
  deleteStatus?: ProfileActionStatus;
  /** Translated text for a failed deletion; defaults to SPEC §8 "Failed to delete account". */
  deleteError?: string | undefined;
  /** Start with the delete dialog open (stories, deep links). */
  defaultDeleteDialogOpen?: boolean;

  /** Field problems the server reported (422), e.g. `{ current_password: 'errors.wrongPassword' }`. */
  fieldErrors?: ProfileFieldErrors | undefined;
}

/** What the forms hold while being edited (the schemas' input side). */
interface ProfileValues {
  first_name: string;
  last_name: string;
  company?: string | undefined;
  phone_number?: string | undefined;
}
interface EmailValues {
  new_email: string;
}
interface PasswordValues {
  current_password: string;
  new_password: string;
}

const profileFields = ['first_name', 'last_name', 'company', 'phone_number'] as const;
const passwordFields = ['current_password', 'new_password'] as const;

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

/**
 * `/settings/profile`: the profile form, the e-mail change, the password change and deleting the
 * account (after typing DELETE). Each section reports its own intent; the app passes back how it
 * went through the `*Status` props and server field problems through `fieldErrors`.
 */
export function ProfileScreen({
  user,
  onSaveProfile,
  saveStatus = 'idle',
  saveError,
  onRequestEmailChange,
  emailStatus = 'idle',
  emailError,
  emailSentTo,
  onChangePassword,
  passwordStatus = 'idle',
  passwordError,
  onDeleteAccount,
  deleteStatus = 'idle',
  deleteError,
  defaultDeleteDialogOpen = false,
  fieldErrors,
  className,
  ...props
}: ProfileScreenProps) {
  const { t } = useTranslation();
  const profileTitleId = useId();
  const emailTitleId = useId();
  const passwordTitleId = useId();
  const deleteTitleId = useId();

  // The form follows the user the app passes in, without discarding what is being edited.
  const profileValues = useMemo<ProfileValues>(
    () => ({
      first_name: user.firstName,
      last_name: user.lastName,
      company: user.company ?? '',
      phone_number: user.phoneNumber ?? '',
    }),
    [user.firstName, user.lastName, user.company, user.phoneNumber],
  );
  const profileForm = useForm<ProfileValues, unknown, UpdateUserBody>({
    resolver: zodResolver(UpdateUserBody),
    values: profileValues,
    resetOptions: { keepDirtyValues: true },
  });

  const currentEmail = user.email.trim().toLowerCase();
  const emailSchema = useMemo(
    () =>
      ChangeEmailBody.refine((body) => body.new_email !== currentEmail, {
        error: 'settings.email.sameAsCurrent',
        path: ['new_email'],
      }),
    [currentEmail],
  );
  const emailForm = useForm<EmailValues, unknown, ChangeEmailBody>({
    resolver: zodResolver(emailSchema),
    defaultValues: { new_email: '' },
  });
  const [submittedEmail, setSubmittedEmail] = useState<string>();

  const passwordForm = useForm<PasswordValues, unknown, ChangePasswordBody>({
    resolver: zodResolver(ChangePasswordBody),
    defaultValues: { current_password: '', new_password: '' },
  });

  const { setError: setProfileError } = profileForm;
  const { setError: setEmailError, reset: resetEmail } = emailForm;
  const { setError: setPasswordError, reset: resetPassword } = passwordForm;

  useEffect(() => {
    if (!fieldErrors) return;
    for (const [name, message] of Object.entries(fieldErrors)) {
      if (!message) continue;
      const error = { type: 'server', message };
      if (includes(profileFields, name)) setProfileError(name, error);
      else if (includes(passwordFields, name)) setPasswordError(name, error);
      else if (name === 'new_email') setEmailError(name, error);
    }
  }, [fieldErrors, setProfileError, setEmailError, setPasswordError]);

  // A finished change empties its form: the values are no longer something to submit.
  useEffect(() => {
    if (emailStatus === 'success') resetEmail();
  }, [emailStatus, resetEmail]);
  useEffect(() => {
    if (passwordStatus === 'success') resetPassword();
  }, [passwordStatus, resetPassword]);

  const message = (text: string | undefined) => (text ? t(text, { defaultValue: text }) : null);
  const profileErrors = profileForm.formState.errors;
  const emailErrors = emailForm.formState.errors;
  const passwordErrors = passwordForm.formState.errors;
  const passwordFieldError = passwordFields.some((name) => passwordErrors[name]?.type === 'server');
  const sentTo = emailSentTo ?? submittedEmail ?? '';

  return (
    <div data-slot="profile-screen" className={cn('grid min-w-0 gap-6', className)} {...props}>
      {/* Profile */}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={profileTitleId}>{t('settings.profile.title')}</h2>
          </CardTitle>
          <CardDescription>{t('settings.profile.description')}</CardDescription>
        </CardHeader>
        <form
          noValidate
          aria-labelledby={profileTitleId}
          className="flex flex-col gap-6"
          onSubmit={profileForm.handleSubmit((values) => onSaveProfile(values))}
        >
          <CardContent className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label={t('settings.profile.firstName')}
              error={message(profileErrors.first_name?.message)}
            >
              <Input autoComplete="given-name" {...profileForm.register('first_name')} />
            </Field>
            <Field
              label={t('settings.profile.lastName')}
              error={message(profileErrors.last_name?.message)}
            >
              <Input autoComplete="family-name" {...profileForm.register('last_name')} />
            </Field>
            <Field
              label={t('settings.profile.company')}
              optional
              error={message(profileErrors.company?.message)}
            >
              <Input autoComplete="organization" {...profileForm.register('company')} />
            </Field>
            <Field
              label={t('settings.profile.phone')}
              optional
              error={message(profileErrors.phone_number?.message)}
            >
              <Input type="tel" autoComplete="tel" {...profileForm.register('phone_number')} />
            </Field>
            {saveStatus === 'error' ? (
              <Alert
                variant="danger"
                className="sm:col-span-2"
                description={saveError ?? t('errors.updateUserFailed')}
              />
            ) : null}
            {saveStatus === 'success' ? (
              <Alert
                variant="success"
                className="sm:col-span-2"
                description={t('settings.profile.saved')}
              />
            ) : null}
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" loading={saveStatus === 'pending'}>
              {t('settings.profile.save')}
            </Button>
          </CardFooter>
        </form>
      </Card>

      {/* E-mail change */}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={emailTitleId}>{t('settings.email.title')}</h2>
          </CardTitle>
          <CardDescription>{t('settings.email.description')}</CardDescription>
        </CardHeader>
        <form
          noValidate
          aria-labelledby={emailTitleId}
          className="flex flex-col gap-6"
          onSubmit={emailForm.handleSubmit((values) => {
            setSubmittedEmail(values.new_email);
            onRequestEmailChange(values.new_email);
          })}
        >
          <CardContent className="grid gap-4">
            <dl className="grid gap-1 text-sm">
              <dt className="font-medium text-foreground">{t('settings.email.current')}</dt>
              <dd data-slot="current-email" className="wrap-anywhere text-muted-foreground">
                {user.email}
              </dd>
            </dl>
            <Field label={t('settings.email.new')} error={message(emailErrors.new_email?.message)}>
              <Input
                type="email"
                autoComplete="email"
                spellCheck={false}
                autoCapitalize="none"
                {...emailForm.register('new_email')}
              />
            </Field>
            {emailStatus === 'error' && emailErrors.new_email?.type !== 'server' ? (
              <Alert variant="danger" description={emailError ?? t('settings.email.failed')} />
            ) : null}
            {emailStatus === 'success' ? (
              <Alert
                variant="success"
                title={t('settings.email.sent', { email: sentTo })}
                description={t('settings.email.sentHint')}
                className="[&_[data-slot=alert-title]]:wrap-anywhere"
              />
            ) : null}
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" variant="outline" loading={emailStatus === 'pending'}>
              {t('settings.email.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>

      {/* Password change */}
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={passwordTitleId}>{t('settings.password.title')}</h2>
          </CardTitle>
          <CardDescription>{t('settings.password.description')}</CardDescription>
        </CardHeader>
        <form
          noValidate
          aria-labelledby={passwordTitleId}
          className="flex flex-col gap-6"
          onSubmit={passwordForm.handleSubmit((values) => onChangePassword(values))}
        >
          <CardContent className="grid items-start gap-4 sm:grid-cols-2">
            <Field
              label={t('settings.password.current')}
              error={message(passwordErrors.current_password?.message)}
            >
              <PasswordInput
                autoComplete="current-password"
                {...passwordForm.register('current_password')}
              />
            </Field>
            <Field
              label={t('settings.password.new')}
              error={message(passwordErrors.new_password?.message)}
            >
              <PasswordInput
                autoComplete="new-password"
                {...passwordForm.register('new_password')}
              />
            </Field>
            {passwordStatus === 'error' && !passwordFieldError ? (
              <Alert
                variant="danger"
                className="sm:col-span-2"
                description={passwordError ?? t('settings.password.failed')}
              />
            ) : null}
            {passwordStatus === 'success' ? (
              <Alert
                variant="success"
                className="sm:col-span-2"
                description={t('settings.password.changed')}
              />
            ) : null}
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" variant="outline" loading={passwordStatus === 'pending'}>
              {t('settings.password.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>

      {/* Danger zone */}
      <Card
        role="region"
        aria-labelledby={deleteTitleId}
        className="border-danger/40"
        data-slot="danger-zone"
      >
        <CardHeader>
          <CardTitle asChild>
            <h2 id={deleteTitleId} className="text-danger">
              {t('settings.delete.title')}
            </h2>
          </CardTitle>
          <CardDescription>{t('settings.delete.description')}</CardDescription>
        </CardHeader>
        <CardFooter className="justify-end">
          <DeleteAccountDialog
            status={deleteStatus}
            error={deleteError}
            defaultOpen={defaultDeleteDialogOpen}
            onConfirm={onDeleteAccount}
          />
        </CardFooter>
      </Card>
    </div>
  );
}

interface DeleteAccountDialogProps {
  status: ProfileActionStatus;
  error: string | undefined;
  defaultOpen: boolean;
  onConfirm: () => void;
}

function DeleteAccountDialog({ status, error, defaultOpen, onConfirm }: DeleteAccountDialogProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(defaultOpen);
  const [confirmation, setConfirmation] = useState('');
  const deleting = status === 'pending';
  // The same rule the server applies: exactly the word, nothing around it, case-sensitive.
  const confirmed = DeleteUserBody.safeParse({ confirmation }).success;

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // While the deletion runs the dialog stays: its outcome is shown here.
        if (deleting) return;
        setOpen(next);
        if (!next) setConfirmation('');
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="danger">
          <Trash2 aria-hidden />
          {t('settings.delete.open')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent size="md">
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (confirmed && !deleting) onConfirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{t('settings.delete.dialogTitle')}</AlertDialogTitle>
            <AlertDialogDescription>
              {t('settings.delete.dialogDescription')}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <Field
            label={
              <Trans
                i18nKey="settings.delete.confirmLabel"
                values={{ word: DELETE_CONFIRMATION }}
                components={{
                  code: (
                    <code className="rounded-sm bg-muted px-1 py-0.5 font-mono text-[0.8125rem]" />
                  ),
                }}
              />
            }
            hint={t('settings.delete.confirmHint')}
          >
            <Input
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="characters"
              className="font-mono"
            />
          </Field>
          {status === 'error' ? (
            <Alert variant="danger" description={error ?? t('errors.deleteAccountFailed')} />
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel disabled={deleting}>{t('common.cancel')}</AlertDialogCancel>
            <Button type="submit" variant="danger" disabled={!confirmed} loading={deleting}>
              {t('settings.delete.confirm')}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
