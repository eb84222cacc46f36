import type {
  ChangePasswordBody,
  FailureText,
  FieldIssue,
  UpdateUserBody,
  User,
} from '@protokoll/contract';
import { cn } from '../../lib/cn.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import type { ProfileActionStatus } from './profile-status.ts';

export type { ProfileActionStatus } from './profile-status.ts';

export interface ProfileScreenProps extends Omit<React.ComponentProps<'div'>, 'children'> {
  /** The signed-in user; the profile form starts from these values and follows their changes. */
  user: Pick<User, 'email' | 'firstName' | 'lastName' | 'company' | 'phoneNumber'>;

  /** The profile form was submitted with valid, trimmed values (empty company/phone clear them). */
  onSaveProfile: (values: UpdateUserBody) => void;
  /** `pending` while saving, `success` once saved, `error` when saving failed. */
  saveStatus?: ProfileActionStatus;
  /** Why saving failed; "Benutzereinstellungen konnten nicht gespeichert werden"
   * unless it says more. */
  saveError?: FailureText | undefined;

  /** A new e-mail address (trimmed, lower-cased) should get a confirmation link. */
  onRequestEmailChange: (newEmail: string) => void;
  /** `pending` while sending, `success` once the link is sent, `error` when sending failed. */
  emailStatus?: ProfileActionStatus;
  /** Why the request failed; an address already registered shows at the field. */
  emailError?: FailureText | undefined;
  /** Where the confirmation link went; defaults to the address last submitted here. */
  emailSentTo?: string | undefined;

  /** The password form was submitted with valid values. */
  onChangePassword: (values: ChangePasswordBody) => void;
  /** `pending` while changing, `success` once changed, `error` when it failed. */
  passwordStatus?: ProfileActionStatus;
  /** Why the change failed; a wrong current password shows at its field. */
  passwordError?: FailureText | undefined;

  /** The person typed DELETE and confirmed deleting the account. */
  onDeleteAccount: () => void;
  /** `pending` while deleting (the dialog stays open), `error` when it failed. */
  deleteStatus?: ProfileActionStatus;
  /** Why deleting failed; "Konto konnte nicht gelöscht werden" unless it says more. */
  deleteError?: FailureText | undefined;
  /** Start with the delete dialog open (stories, deep links). */
  defaultDeleteDialogOpen?: boolean;

  /** Field issues of a 422 answer; each shows at its field in the form it belongs to. */
  fieldErrors?: FieldIssue[] | undefined;
}

/**
 * `/settings/profile`: the profile form, the e-mail change, the password change and deleting the
 * account (after typing DELETE). Each section reports its own intent; the app passes back how it
 * went through the `*Status` and `*Error` props and server field issues through `fieldErrors`.
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
  return (
    <div data-slot="profile-screen" className={cn('grid min-w-0 gap-6', className)} {...props}>
      <ProfileSection
        user={user}
        onSave={onSaveProfile}
        status={saveStatus}
        error={saveError}
        fieldErrors={fieldErrors}
      />
      <EmailSection
        email={user.email}
        onRequestChange={onRequestEmailChange}
        status={emailStatus}
        error={emailError}
        sentTo={emailSentTo}
        fieldErrors={fieldErrors}
      />
      <PasswordSection
        onChange={onChangePassword}
        status={passwordStatus}
        error={passwordError}
        fieldErrors={fieldErrors}
      />
      <DeleteAccountSection
        onDelete={onDeleteAccount}
        status={deleteStatus}
        error={deleteError}
        defaultDialogOpen={defaultDeleteDialogOpen}
      />
    </div>
  );
}
