import { AGENDA_ITEM_MAX_LENGTH, AGENDA_MAX_ITEMS, type RegisterTask } from '@protokoll/contract';

/*
 * The open tasks of a Gremium carried over to its next meeting (docs/formal-minutes.md#registers):
 * written into the new-note form's remembered options (docs/uploads.md#remembered-options), which
 * the form reads and checks as always. The key is lib/remembered-options.ts's; it is not imported,
 * since a module shared by the new-note page and this lazily loaded part would become a file of
 * its own that the page then loads too (app/chunk-groups.ts). Its test holds the two together.
 */

const KEY_PREFIX = 'protokoll.protocol-options.';

/** The open tasks as agenda lines ("Offener Punkt: … (owner)"), within the agenda's limits. */
export function agendaOf(tasks: RegisterTask[], line: (task: string) => string): string {
  return tasks
    .slice(0, AGENDA_MAX_ITEMS)
    .map((task) =>
      line(task.owner ? `${task.task} (${task.owner})` : task.task).slice(
        0,
        AGENDA_ITEM_MAX_LENGTH,
      ),
    )
    .join('\n');
}

/**
 * Starts this person's next new-note form in `folderId`, of `structure` when one is known, with
 * `agenda`; what else was remembered stays. A blocked or full storage hands nothing over.
 */
export function handOverAgenda(
  storage: Storage | undefined,
  userId: number | undefined,
  handover: { folderId: number; structure: string | undefined; agenda: string },
): void {
  if (!storage || userId === undefined) return;
  try {
    const key = `${KEY_PREFIX}${userId}`;
    const stored: unknown = JSON.parse(storage.getItem(key) ?? '{}');
    const old = stored && typeof stored === 'object' ? stored : {};
    storage.setItem(
      key,
      JSON.stringify({
        ...old,
        folder_id: handover.folderId,
        ...(handover.structure ? { structure: handover.structure } : {}),
        agenda: handover.agenda,
      }),
    );
  } catch {
    // Private mode, a full storage or an unreadable entry: the form starts as it would.
  }
}
