import type { UpdateUserBody } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { refreshUserData } from './user.ts';

// PUT /api/user

export async function updateUser(body: UpdateUserBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.updateUser, { body });
}

/** Saves the profile; settles once the user query holds the saved data. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => refreshUserData(queryClient),
  });
}
