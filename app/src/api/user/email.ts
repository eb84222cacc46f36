import { useMutation } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';

// POST /api/user/email

/** Mails a confirmation link to the new address; the address changes once it is followed. */
export async function requestEmailChange(newEmail: string): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.requestEmailChange, { body: { new_email: newEmail } });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
