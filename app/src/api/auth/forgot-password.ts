import type { ForgotPasswordBody } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/auth/forgot-password

/** Asks for a reset link; the answer never says whether the account exists. */
export async function requestPasswordReset(body: ForgotPasswordBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.forgotPassword, { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
