import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadTeam } from './team.ts';

// POST /api/team/accept

export async function acceptTeamInvitation(token: string): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.acceptTeamInvitation, { body: { token } });
}

/** Joining changes the plan and minutes the person works with. */
export function useAcceptTeamInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTeamInvitation,
    onSuccess: () =>
      Promise.all([
        reloadTeam(queryClient),
        queryClient.invalidateQueries({ queryKey: keys.plan() }),
      ]),
  });
}
