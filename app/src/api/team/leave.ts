import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadTeam } from './team.ts';

// POST /api/team/leave

export async function leaveTeam(): Promise<void> {
  const { client, endpoints } = await loadSession();
  await client.call(endpoints.leaveTeam);
}

/** Leaving gives the person their own plan and minutes back. */
export function useLeaveTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeam,
    onSuccess: () =>
      Promise.all([
        reloadTeam(queryClient),
        queryClient.invalidateQueries({ queryKey: keys.plan() }),
      ]),
  });
}
