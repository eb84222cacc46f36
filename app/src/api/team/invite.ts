import type { Locale, TeamInvitation } from '@protokoll/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadTeam } from './team.ts';

// POST /api/team/invite

/** The invitation mail is written in the page's language (`locale`). */
export async function inviteTeamMember({
  email,
  locale,
}: {
  email: string;
  locale: Locale;
}): Promise<TeamInvitation> {
  const { client, endpoints } = await loadSession();
  const { invitation } = await client.call(endpoints.inviteTeamMember, {
    body: { email },
    headers: { 'Accept-Language': locale },
  });
  return invitation;
}

export function useInviteTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteTeamMember,
    onSuccess: () => reloadTeam(queryClient),
  });
}
