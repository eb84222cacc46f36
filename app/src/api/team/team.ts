import type { TeamResponse } from '@protokoll/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';
import { reloadMinutes } from '../user/minutes.ts';

// GET /api/team

export async function fetchTeam(signal?: AbortSignal): Promise<TeamResponse> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.getTeam, { signal });
}

export function teamQueryOptions() {
  return queryOptions({
    queryKey: keys.team(),
    queryFn: ({ signal }) => fetchTeam(signal),
    // Members join from their own mail: the owner sees them on the next visit.
    staleTime: 0,
    retry: false,
  });
}

export function useTeam() {
  return useQuery(teamQueryOptions());
}

/** After a change to the team: the team, and the minutes it may share (docs/minutes.md#team-pool). */
export async function reloadTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: keys.team() }),
    reloadMinutes(queryClient),
  ]);
}
