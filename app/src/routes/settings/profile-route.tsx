import type { FieldIssue } from '@protokoll/contract';
import { ProfileScreen } from '@protokoll/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useChangePassword } from '../../api/user/password.ts';
import { useRequestEmailChange } from '../../api/user/email.ts';
import { useDeleteAccount } from '../../api/user/delete.ts';
import { useUpdateUser } from '../../api/user/update.ts';
import { useUser } from '../../api/user/user.ts';
import { toFailureText, toFieldIssues } from '../../lib/failure.ts';
import { SettingsFrame } from './settings-frame.tsx';

/** `/settings/profile`: profile, e-mail change, password change and account deletion. */
export function ProfileRoute() {
  const { data: user } = useUser();
  const save = useUpdateUser();
  const email = useRequestEmailChange();
  const password = useChangePassword();
  const remove = useDeleteAccount();
  // The field problems of the last failed action; every new action starts without them. The
  // screen shows a failure that names a field (a wrong current password) at that field.
  const [fieldErrors, setFieldErrors] = useState<FieldIssue[] | undefined>();

  function run<T>(mutation: UseMutationResult<unknown, Error, T>, input: T) {
    setFieldErrors(undefined);
    mutation.mutate(input, { onError: (error) => setFieldErrors(toFieldIssues(error)) });
  }
  const errorOf = ({ error }: { error: Error | null }) =>
    error ? toFailureText(error) : undefined;

  if (!user) return null;
  return (
    <SettingsFrame>
      <ProfileScreen
        user={user}
        onSaveProfile={(values) => run(save, values)}
        saveStatus={save.status}
        saveError={errorOf(save)}
        onRequestEmailChange={(newEmail) => run(email, newEmail)}
        emailStatus={email.status}
        emailError={errorOf(email)}
        emailSentTo={email.isSuccess ? email.variables : undefined}
        onChangePassword={(values) => run(password, values)}
        passwordStatus={password.status}
        passwordError={errorOf(password)}
        onDeleteAccount={() => run(remove, undefined)}
        deleteStatus={remove.status}
        deleteError={errorOf(remove)}
        fieldErrors={fieldErrors}
      />
    </SettingsFrame>
  );
}
