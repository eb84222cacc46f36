import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { reloadTeam } from './team.ts';

// DELETE /api/team/member?id=

export async function removeTeamMember(id: number): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.removeTeamMember, { query: { id } });
}

export function useRemoveTeamMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTeamMember,
    onSuccess: () => reloadTeam(queryClient),
  });
}
