import type { ResetPasswordBody } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/auth/reset-password

/** Sets a new password with the token of a mailed reset link. */
export async function resetPassword(body: ResetPasswordBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.resetPassword, { body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
