import { DELETE_CONFIRMATION } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// DELETE /api/user

/** Deletes the account (the literal confirmation the server asks for); then signed out. */
export async function deleteAccount(): Promise<void> {
  const { client, endpoints, session } = await loadSession();
  await client.call(endpoints.deleteUser, { body: { confirmation: DELETE_CONFIRMATION } });
  session.end();
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
