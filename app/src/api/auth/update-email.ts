import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { refreshUserData } from '../user/user.ts';

// POST /api/auth/update-email

/** Confirms an e-mail change with the token of the mailed link. */
export async function confirmEmailUpdate(token: string): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.confirmEmailUpdate, { body: { token } });
}

/** Signed in, the user data loads again so the new address shows everywhere. */
export function useConfirmEmailUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailUpdate,
    onSuccess: async () => {
      const { session } = await loadSession();
      if (session.getState().isAuthenticated) await refreshUserData(queryClient);
    },
  });
}
