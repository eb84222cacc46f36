import type { Folder, Note } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoFolders, demoNotes, longNameFolders, longNameNotes } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith, expectNoOverflow } from '../../lib/story-helpers.ts';
import { NoteRow } from '../../widgets/note-row.tsx';
import { NoteActions, type NoteActionCallbacks } from './note-actions.tsx';

const note = (id: number) => demoNotes.find((candidate) => candidate.id === id)!;

interface NoteRowDemoProps extends NoteActionCallbacks {
  /** The note shown. */
  note: Note;
  /** Its folder's name in the meta line. */
  folderName?: string | undefined;
  /** The folders the move dialog offers. */
  folders: Folder[];
  /** With the row's buttons (the notes list) or without (the dashboard's recent notes). */
  withActions?: boolean;
}

/** One row in a list, as the notes list puts it together: the row and its `NoteActions`. */
function NoteRowDemo({
  note,
  folderName,
  folders,
  withActions = true,
  ...callbacks
}: NoteRowDemoProps) {
  return (
    <ul className="max-w-3xl divide-y divide-border rounded-lg border border-border bg-surface shadow-xs">
      <NoteRow
        note={note}
        folderName={folderName}
        onOpen={callbacks.onOpenNote}
        actions={
          withActions ? <NoteActions note={note} folders={folders} {...callbacks} /> : undefined
        }
      />
    </ul>
  );
}

/** Opens the actions menu of the row in `canvasElement` and returns its items' texts. */
async function openActions(canvasElement: HTMLElement, name: string) {
  await userEvent.click(
    within(canvasElement).getByRole('button', { name: `Aktionen für „${name}“` }),
  );
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
}

const meta = {
  title: 'Screens/Notes/Parts/NoteRow',
  component: NoteRowDemo,
  parameters: {
    docs: {
      description: {
        component:
          'One note in a list (notes, saved notes, the dashboard): name, date, duration, folder and status, with its actions. Use it wherever notes are listed.',
      },
    },
  },
  args: {
    note: note(8),
    folderName: 'Vorstand',
    folders: demoFolders,
    onOpenNote: fn(),
    onDownload: fn(),
    onMoveNote: fn(),
    onToggleSaved: fn(),
    onDeleteNote: fn(),
    onRetryNote: fn(),
  },
} satisfies Meta<typeof NoteRowDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A finished, saved note: name, date, duration, folder; no status badge, a download menu. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const row = canvas.getByRole('listitem');
    await expect(row).toHaveAttribute('data-state', 'done');
    await expect(canvasElement.querySelector('time')).toHaveAttribute(
      'datetime',
      '2026-02-25T16:30:00.000Z',
    );
    await expect(canvasElement.querySelector('time')).toHaveTextContent(/^25\.02\.2026, /);
    await expect(canvas.getByText('45:12')).toBeVisible();
    await expect(canvas.getByText('Vorstand')).toBeVisible();
    await expect(canvas.getByText('Gemerkt')).toBeInTheDocument();
    // Done is the normal case: no badge repeats it.
    await expect(canvas.queryByText('Fertig')).toBeNull();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(
      canvas.getByRole('button', { name: '„Vorstandssitzung März 2026“ herunterladen' }),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Vorstandssitzung März 2026' }));
    await expectCalledOnceWith(args.onOpenNote, note(8));
  },
};

/** Waiting for a worker: the status in words, no bar yet, no duration, nothing to download. */
export const Queued: Story = {
  args: { note: note(12), folderName: 'Ohne Ordner' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('listitem')).toHaveAttribute('data-state', 'queued');
    await expect(canvas.getByText('In Warteschlange')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await expect(canvas.queryByText(/Minute/)).toBeNull();
    await expect(canvas.getByText('Ohne Ordner')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /herunterladen/ })).toBeNull();
  },
};

/** Being transcribed: badge and a bar with the step's progress, named after the note. */
export const Processing: Story = {
  args: { note: note(11), folderName: 'Ohne Ordner' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wird transkribiert')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Fortschritt von „Teammeeting Montag“' }),
    ).toHaveAttribute('aria-valuenow', '35');
    await expect(canvas.getByText('23:00')).toBeVisible();
    await expect(canvas.getByText('23 Minuten')).toHaveClass('sr-only');
    await expect(canvas.queryByRole('button', { name: /herunterladen/ })).toBeNull();
  },
};

export const Summarizing: Story = {
  args: { note: note(10), folderName: 'Vorlesungen' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Wird zusammengefasst')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', {
        name: 'Fortschritt von „Vorlesung Datenbanksysteme – Normalformen“',
      }),
    ).toHaveAttribute('aria-valuenow', '72');
    await expect(canvas.getByText('1:29:00')).toBeVisible();
  },
};

/** Processing failed: the status, the reason, and "Erneut verarbeiten" in the menu. */
export const Error: Story = {
  args: { note: note(9), folderName: 'Kunden' },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('listitem')).toHaveAttribute('data-state', 'error');
    await expect(canvas.getByText('Fehlgeschlagen')).toBeVisible();
    await expect(canvas.getByText('Transkription fehlgeschlagen')).toBeVisible();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
    await openActions(canvasElement, 'Projekt-Kick-off Relaunch Website');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Erneut verarbeiten' }));
    await expectCalledOnceWith(args.onRetryNote, note(9));
  },
};

/** A failure without a known reason says so in general terms. */
export const ErrorWithoutReason: Story = {
  args: { note: { ...note(9), error: null }, folderName: 'Kunden' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Die Verarbeitung ist fehlgeschlagen.')).toBeVisible();
  },
};

/** Where the app cannot rerun a step, the menu does not offer it. */
export const ErrorWithoutRetry: Story = {
  args: { note: note(9), folderName: 'Kunden', onRetryNote: undefined },
  play: async ({ canvasElement }) => {
    const items = await openActions(canvasElement, 'Projekt-Kick-off Relaunch Website');
    await expect(items).not.toContain('Erneut verarbeiten');
    await userEvent.keyboard('{Escape}');
  },
};

/** Every item of the actions menu reports its own intent with the note. */
export const Actions: Story = {
  play: async ({ canvasElement, args }) => {
    const name = 'Vorstandssitzung März 2026';
    await expect(await openActions(canvasElement, name)).toEqual([
      'Öffnen',
      'In Ordner verschieben …',
      'Nicht mehr merken',
      'Löschen …',
    ]);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Öffnen' }));
    await expectCalledOnceWith(args.onOpenNote, note(8));

    await openActions(canvasElement, name);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Nicht mehr merken' }));
    await expectCalledOnceWith(args.onToggleSaved, note(8), false);
    // A finished note is never offered for processing again.
    await expect(args.onRetryNote).not.toHaveBeenCalled();
  },
};

/** A note not starred offers to star it. */
export const SaveNote: Story = {
  args: { note: note(7), folderName: 'Kunden' },
  play: async ({ canvasElement, args }) => {
    await openActions(canvasElement, 'Kundengespräch Müller Logistik');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Merken' }));
    await expectCalledOnceWith(args.onToggleSaved, note(7), true);
  },
};

/** Move: the dialog reports the note and the folder; focus returns to the menu button. */
export const MoveNote: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await openActions(canvasElement, 'Vorstandssitzung März 2026');
    await userEvent.click(screen.getByRole('menuitem', { name: 'In Ordner verschieben …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'In Ordner verschieben' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Kunden' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await expectCalledOnceWith(args.onMoveNote, note(8), 2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(
        canvas.getByRole('button', { name: 'Aktionen für „Vorstandssitzung März 2026“' }),
      ).toHaveFocus(),
    );
  },
};

/** Delete, after confirming. */
export const DeleteNote: Story = {
  play: async ({ canvasElement, args }) => {
    await openActions(canvasElement, 'Vorstandssitzung März 2026');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Löschen …' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Notiz löschen?' }));
    await expect(args.onDeleteNote).not.toHaveBeenCalled();
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expectCalledOnceWith(args.onDeleteNote, note(8));
  },
};

/** The row's download menu reports the note and the format. */
export const Download: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: '„Vorstandssitzung März 2026“ herunterladen' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Markdown (MD)' }));
    await expectCalledOnceWith(args.onDownload, note(8), 'md');
  },
};

/** The actions menu open, for the screenshot. */
export const ActionsMenu: Story = {
  decorators: [
    (Story) => (
      <div className="min-h-80">
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await openActions(canvasElement, 'Vorstandssitzung März 2026');
    await expect(screen.getByRole('menu')).toBeVisible();
  },
};

/** The dashboard's form: the row without buttons; the name still opens the note. */
export const WithoutActions: Story = {
  args: { note: note(11), folderName: undefined, withActions: false },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getAllByRole('button')).toHaveLength(1);
    await expect(canvasElement.querySelector('[data-slot="note-row-actions"]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Teammeeting Montag' }));
    await expectCalledOnceWith(args.onOpenNote, note(11));
  },
};

/** A long name and a long folder name wrap instead of widening the row. */
export const LongNames: Story = {
  args: { note: longNameNotes[1]!, folderName: longNameFolders[1]!.name, folders: longNameFolders },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const LongNamesMobile: Story = {
  ...LongNames,
  globals: { viewport: { value: 'mobile', isRotated: false } },
};

/** A one-word name of 74 letters while it is transcribed: name and bar both stay inside. */
export const LongNamesProcessingMobile: Story = {
  args: { note: longNameNotes[0]!, folderName: longNameFolders[0]!.name, folders: longNameFolders },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '64');
    await expectNoOverflow(canvasElement);
  },
};

export const Mobile: Story = {
  args: { note: note(9), folderName: 'Kunden' },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await expectNoOverflow(canvasElement);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('time')).toHaveTextContent(/^Feb 25, 2026, /);
    await expect(canvas.getByText('45:12')).toBeVisible();
    await expect(canvas.getByText('Starred')).toBeInTheDocument();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for “Vorstandssitzung März 2026”' }),
    );
    const items = await screen.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual([
      'Open',
      'Move to folder …',
      'Unstar',
      'Delete …',
    ]);
    await userEvent.keyboard('{Escape}');
  },
};

export const EnglishProcessing: Story = {
  ...Processing,
  args: { ...Processing.args, folderName: 'No folder' },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Transcribing')).toBeVisible();
    await expect(
      canvas.getByRole('progressbar', { name: 'Progress of “Teammeeting Montag”' }),
    ).toHaveAttribute('aria-valuenow', '35');
  },
};

export const EnglishError: Story = {
  ...Error,
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(canvas.getByText('Transcription failed')).toBeVisible();
  },
};

/** "Umbenennen …" in the row's menu opens a dialog that starts with the current name. */
export const RenameFromMenu: Story = {
  args: { onRenameNote: fn() },
  play: async ({ canvasElement, args }) => {
    const items = await openActions(canvasElement, 'Vorstandssitzung März 2026');
    await expect(items[1]).toBe('Umbenennen …');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Umbenennen …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Notiz umbenennen' }));
    const field = dialog.getByRole('textbox', { name: 'Name der Notiz' });
    await expect(field).toHaveValue('Vorstandssitzung März 2026');
    await userEvent.clear(field);
    await userEvent.type(field, 'Vorstand März');
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await expectCalledOnceWith(args.onRenameNote, note(8), 'Vorstand März');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RenameFromMenuEnglish: Story = {
  args: { onRenameNote: fn() },
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: 'Actions for “Vorstandssitzung März 2026”' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename …' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename note' }));
    await expect(dialog.getByRole('textbox', { name: 'Name of the note' })).toHaveValue(
      'Vorstandssitzung März 2026',
    );
    await userEvent.keyboard('{Escape}');
  },
};
