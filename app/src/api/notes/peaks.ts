import type { NotePeaks } from '@protokoll/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '../../session/session-context.ts';
import { keys } from '../../lib/query-keys.ts';

// GET /api/note/{id}/peaks

export async function fetchNotePeaks(id: number, signal?: AbortSignal): Promise<NotePeaks> {
  const { client, endpoints } = await loadSession();
  return client.call(endpoints.getNotePeaks, { params: { id }, signal });
}

/**
 * The level overview of a note's recording (docs/uploads.md#level-overview). It never changes, so
 * it is read once per note; a failure leaves the player without it.
 */
export function notePeaksQueryOptions(id: number) {
  return queryOptions({
    queryKey: keys.peaks(id),
    queryFn: ({ signal }) => fetchNotePeaks(id, signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Asked only once the note is finished: its recording is measured while it is processed. */
export function useNotePeaks(id: number, enabled: boolean) {
  return useQuery({ ...notePeaksQueryOptions(id), enabled });
}
