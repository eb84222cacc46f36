import { afterEach, describe, expect, it } from 'vitest';
import type { RegisterTask } from '@protokoll/contract';
import { readRememberedOptions, rememberOptions } from '../../lib/remembered-options.ts';
import { agendaOf, handOverAgenda } from './agenda-handoff.ts';

const task = (text: string, owner?: string): RegisterTask => ({
  key: '0123456789abcdef',
  note_id: 1,
  note_name: 'Sitzung',
  date: '2026-03-12',
  task: text,
  ...(owner ? { owner } : {}),
  done: false,
  start: 0,
});

afterEach(() => localStorage.clear());

describe('carrying open tasks over to the next agenda', () => {
  it('hands the folder, type and agenda to the form, which reads them as remembered options', () => {
    const storage = localStorage;
    rememberOptions(storage, 7, { language: 'de', structure: 'minutes', folder_id: 2 });
    handOverAgenda(storage, 7, {
      folderId: 5,
      structure: 'works_council',
      agenda: agendaOf(
        [task('Angebote einholen', 'Petra Schmidt'), task('Aushang anbringen')],
        (text) => `Offener Punkt: ${text}`,
      ),
    });
    expect(readRememberedOptions(storage, 7)).toEqual({
      language: 'de',
      structure: 'works_council',
      folder_id: 5,
      agenda: 'Offener Punkt: Angebote einholen (Petra Schmidt)\nOffener Punkt: Aushang anbringen',
    });
    // Another person's options stay theirs.
    expect(readRememberedOptions(storage, 8)).toBeUndefined();
  });

  it('keeps the agenda within its limits: 30 lines of at most 200 characters', () => {
    const tasks = Array.from({ length: 40 }, (_, index) => task(`${index} ${'x'.repeat(300)}`));
    const agenda = agendaOf(tasks, (text) => text).split('\n');
    expect(agenda).toHaveLength(30);
    expect(Math.max(...agenda.map((line) => line.length))).toBe(200);
    const storage = localStorage;
    handOverAgenda(storage, 1, { folderId: 3, structure: undefined, agenda: agenda.join('\n') });
    expect(readRememberedOptions(storage, 1)?.agenda?.split('\n')).toHaveLength(30);
  });

  it('hands nothing over without storage or a signed-in person', () => {
    expect(() =>
      handOverAgenda(undefined, 1, { folderId: 1, structure: undefined, agenda: 'A' }),
    ).not.toThrow();
    const storage = localStorage;
    handOverAgenda(storage, undefined, { folderId: 1, structure: undefined, agenda: 'A' });
    expect(storage.length).toBe(0);
  });
});
