import {
  ErrorCode,
  errorKey,
  type ChangePasswordBody,
  type UpdateUserBody,
} from '@protokoll/contract';
import {
  ProfileScreen,
  type ProfileActionStatus,
  type ProfileFieldErrors,
  type ProfileFieldName,
} from '@protokoll/ui';
import { useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';
import { useFailureMessage } from '../../lib/failure-text.ts';
import { loadSession, useSessionState } from '../../session/session-context.ts';
import { SettingsFrame } from './settings-frame.tsx';

type Action = 'save' | 'email' | 'password' | 'delete';
type ActionState = { status: ProfileActionStatus; error?: string | undefined };

/** Field-level answers: 422 issues, a wrong current password, an address already taken. */
function fieldErrorsOf(error: unknown): ProfileFieldErrors | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === ErrorCode.WRONG_PASSWORD) {
    return { current_password: errorKey(ErrorCode.WRONG_PASSWORD) };
  }
  if (error.code === ErrorCode.EMAIL_EXISTS) return { new_email: errorKey(ErrorCode.EMAIL_EXISTS) };
  if (error.status !== 422 || !error.issues) return undefined;
  return Object.fromEntries(
    error.issues.map((issue) => [issue.path as ProfileFieldName, issue.message]),
  ) as ProfileFieldErrors;
}

/** `/settings/profile`: profile, e-mail change, password change and account deletion. */
export function ProfileRoute() {
  const { user } = useSessionState();
  const message = useFailureMessage();
  const [states, setStates] = useState<Partial<Record<Action, ActionState>>>({});
  const [fieldErrors, setFieldErrors] = useState<ProfileFieldErrors | undefined>();
  const [emailSentTo, setEmailSentTo] = useState<string | undefined>();

  async function run(action: Action, work: () => Promise<void>) {
    setStates((current) => ({ ...current, [action]: { status: 'pending' } }));
    setFieldErrors(undefined);
    try {
      await work();
      setStates((current) => ({ ...current, [action]: { status: 'success' } }));
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setFieldErrors(fields);
      // A field-level problem is shown at its field; everything else above the form.
      const text = fields ? undefined : message((await loadSession()).failureOf('generic', error));
      setStates((current) => ({ ...current, [action]: { status: 'error', error: text } }));
    }
  }

  if (!user) return null;
  const state = (action: Action) => states[action] ?? { status: 'idle' as const };
  return (
    <SettingsFrame>
      <ProfileScreen
        user={user}
        onSaveProfile={(values: UpdateUserBody) =>
          void run('save', async () => (await loadSession()).session.updateUser(values))
        }
        saveStatus={state('save').status}
        saveError={state('save').error}
        onRequestEmailChange={(newEmail: string) =>
          void run('email', async () => {
            const { client, endpoints } = await loadSession();
            await client.call(endpoints.requestEmailChange, { body: { new_email: newEmail } });
            setEmailSentTo(newEmail);
          })
        }
        emailStatus={state('email').status}
        emailError={state('email').error}
        emailSentTo={emailSentTo}
        onChangePassword={(values: ChangePasswordBody) =>
          void run('password', async () => {
            const { client, endpoints } = await loadSession();
            await client.call(endpoints.changePassword, { body: values });
          })
        }
        passwordStatus={state('password').status}
        passwordError={state('password').error}
        onDeleteAccount={() =>
          void run('delete', async () => (await loadSession()).session.deleteAccount())
        }
        deleteStatus={state('delete').status}
        deleteError={state('delete').error}
        fieldErrors={fieldErrors}
      />
    </SettingsFrame>
  );
}
