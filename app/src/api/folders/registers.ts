import {
  downloadResolutionRegister,
  getFolderRegisters,
  markRegisterTask,
  setFolderGremium,
  type FolderRegisters,
  type RegisterTask,
} from '@protokoll/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveDownload } from '../../lib/download.ts';
import { loadSession } from '../../session/session-context.ts';

// A folder's registers (docs/formal-minutes.md#registers): GET /api/folder/{id}/registers, its
// Gremium mark, the tasks' marks and the Beschluss-Sammlung as a file.

/**
 * Under the folders' keys, so reloading the folders reloads it too; here and not in
 * lib/query-keys.ts, which every page's entry carries (the sign-in page has no room).
 */
const registersKey = (id: number) => ['folders', 'registers', id] as const;

export async function fetchFolderRegisters(
  id: number,
  signal?: AbortSignal,
): Promise<FolderRegisters> {
  const { client } = await loadSession();
  return (await client.call(getFolderRegisters, { params: { id }, signal })).registers;
}

/** The Beschluss-Sammlung and Aufgabenliste of a folder, loaded each time the dialog opens. */
export function useFolderRegisters(id: number) {
  return useQuery({
    queryKey: registersKey(id),
    queryFn: ({ signal }) => fetchFolderRegisters(id, signal),
    staleTime: 0,
    retry: false,
  });
}

type Change =
  { kind: 'gremium'; gremium: boolean } | { kind: 'task'; task: RegisterTask; done: boolean };

/** Marks the folder as a Gremium or a task as done; the answer is the registers as they are now. */
export function useRegistersChange(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: Change) => {
      const { client } = await loadSession();
      const params = { id };
      const answer =
        change.kind === 'gremium'
          ? await client.call(setFolderGremium, { params, body: { gremium: change.gremium } })
          : await client.call(markRegisterTask, {
              params,
              body: { note_id: change.task.note_id, key: change.task.key, done: change.done },
            });
      return answer.registers;
    },
    onSuccess: (registers) => queryClient.setQueryData(registersKey(id), registers),
  });
}

/** Saves the Beschluss-Sammlung as PDF or CSV: true once saved, false on any failure. */
export function downloadRegister(id: number, format: 'pdf' | 'csv'): Promise<boolean> {
  return saveDownload(async () => {
    const { client } = await loadSession();
    return client.call(downloadResolutionRegister, { params: { id, format } });
  }, format);
}
