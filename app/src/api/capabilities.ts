import type { CapabilitiesResponse } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../session/session-context.ts';
import { keys } from '../lib/query-keys.ts';

/*
 * `GET /api/capabilities`: what this server can do with an upload (engine, summary models,
 * languages, size limit). It describes the server, not the user, so one answer serves everyone.
 */

export async function fetchCapabilities(signal?: AbortSignal): Promise<CapabilitiesResponse> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.getCapabilities, { signal });
}

export function capabilitiesQueryOptions() {
  return queryOptions({
    queryKey: keys.capabilities(),
    queryFn: ({ signal }) => fetchCapabilities(signal),
    // Changes only with the server's configuration, i.e. after a restart.
    staleTime: 5 * 60_000,
    // The API client already applies the contract's retries.
    retry: false,
  });
}

/** The server's upload capabilities. */
export function useCapabilities() {
  return useQuery(capabilitiesQueryOptions());
}
