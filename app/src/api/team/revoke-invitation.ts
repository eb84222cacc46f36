import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadTeam } from './team.ts';

// DELETE /api/team/invitation?id=

export async function revokeTeamInvitation(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.revokeTeamInvitation, { query: { id } });
}

export function useRevokeTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeTeamInvitation,
    onSuccess: () => reloadTeam(queryClient),
  });
}
