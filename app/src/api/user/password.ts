import type { ChangePasswordBody } from '@protokoll/contract';
import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/user/password

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.changePassword, { body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
