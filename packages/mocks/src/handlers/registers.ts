import {
  downloadResolutionRegister,
  getFolderRegisters,
  markRegisterTask,
  setFolderGremium,
  type FolderRegisters,
} from '@protokoll/contract';
import { demoFolders } from '../fixtures/folders.ts';
import { demoRegisters } from '../fixtures/registers.ts';
import { handle, reply, type HandleOptions } from '../handle.ts';
import { base64, notFound } from '../respond.ts';

// A folder's registers (docs/formal-minutes.md#registers); not in `endpoints` (every page's
// client loads that map).

/**
 * Every demo folder starts with `start` under its own id and name; the Gremium mark and the task
 * marks change as the server's would.
 */
export function createRegisterHandlers(
  start: FolderRegisters = demoRegisters,
  options: HandleOptions = {},
) {
  const byFolder = new Map<number, FolderRegisters>();
  const of = (id: number) => {
    const folder = demoFolders.find((candidate) => candidate.id === id);
    if (!folder) return undefined;
    let registers = byFolder.get(id);
    if (!registers) {
      registers = structuredClone(start);
      registers.folder = { ...registers.folder, id, name: folder.name };
      byFolder.set(id, registers);
    }
    return registers;
  };
  return [
    handle(
      getFolderRegisters,
      ({ params }) => {
        const registers = of(params.id);
        return registers ? reply(getFolderRegisters, { success: true, registers }) : notFound();
      },
      options,
    ),
    handle(
      setFolderGremium,
      ({ params, body }) => {
        const registers = of(params.id);
        if (!registers) return notFound();
        registers.folder.gremium = body.gremium;
        return reply(setFolderGremium, { success: true, registers });
      },
      options,
    ),
    handle(
      markRegisterTask,
      ({ params, body }) => {
        const registers = of(params.id);
        const task = registers?.tasks.find(
          (candidate) => candidate.note_id === body.note_id && candidate.key === body.key,
        );
        if (!registers || !task) return notFound();
        task.done = body.done;
        return reply(markRegisterTask, { success: true, registers });
      },
      options,
    ),
    handle(
      downloadResolutionRegister,
      ({ params }) => {
        const registers = of(params.id);
        if (!registers) return notFound();
        const lines = registers.resolutions.map(
          (entry) => `${entry.year}/${entry.number};${entry.text}`,
        );
        return reply(downloadResolutionRegister, {
          success: true,
          data: base64(lines.join('\n')),
          filename: `Beschluss-Sammlung ${registers.folder.name}.${params.format}`,
          contentType: params.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf',
          status: 200,
        });
      },
      options,
    ),
  ];
}

export const registerHandlers = createRegisterHandlers();
