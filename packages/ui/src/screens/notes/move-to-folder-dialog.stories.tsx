import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoFolders, demoNotes, longNameFolders, longNameNotes } from '@protokoll/mocks/fixtures';
import { Button } from '../../components/button.tsx';
import { expectCalledOnceWith, failing, never } from '../../lib/story-helpers.ts';
import { MoveToFolderDialog, type MoveToFolderDialogProps } from './move-to-folder-dialog.tsx';

/** Vorstandssitzung März 2026, filed in "Vorstand". */
const boardMeeting = demoNotes.find((note) => note.id === 8)!;

/** The dialog with its open state, reopenable from a button as in a list row. */
function MoveDialogDemo(props: MoveToFolderDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        Verschieben …
      </Button>
      <MoveToFolderDialog
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Screens/Notes/MoveToFolderDialog',
  component: MoveToFolderDialog,
  render: (args) => <MoveDialogDemo {...args} />,
  args: {
    open: true,
    onOpenChange: fn(),
    note: boardMeeting,
    folders: demoFolders,
    onMove: fn(),
  },
} satisfies Meta<typeof MoveToFolderDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The note's folder is chosen at first; picking another and "Verschieben" reports its id. */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('dialog', { name: 'In Ordner verschieben' });
    await expect(dialog).toHaveAccessibleDescription(
      'Wählen Sie den Ordner für „Vorstandssitzung März 2026“.',
    );
    const inDialog = within(dialog);
    await expect(inDialog.getByRole('radio', { name: 'Vorstand' })).toBeChecked();
    await userEvent.click(inDialog.getByRole('radio', { name: 'Kunden' }));
    await userEvent.click(inDialog.getByRole('button', { name: 'Verschieben' }));
    await expectCalledOnceWith(args.onMove, 2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** "Kein Ordner" takes the note out of every folder: the folder id is null. */
export const Unfile: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Kein Ordner' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await expectCalledOnceWith(args.onMove, null);
  },
};

/** Keeping the current folder is no move: the dialog just closes. */
export const SameFolder: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onMove).not.toHaveBeenCalled();
  },
};

/** Keyboard only: arrows pick the folder, Tab reaches "Verschieben", Enter moves. */
export const Keyboard: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Vorstand' }));
    // Held like a real key: Radix moves focus a tick after keydown and checks while it is down.
    await userEvent.keyboard('{ArrowDown>}');
    await waitFor(() => expect(dialog.getByRole('radio', { name: 'Kunden' })).toBeChecked());
    await userEvent.keyboard('{/ArrowDown}');
    await userEvent.tab();
    await userEvent.tab();
    await expect(dialog.getByRole('button', { name: 'Verschieben' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onMove, 2);
  },
};

/** While the move runs the dialog spins; Cancel stays usable (docs/errors.md#every-action-ends). */
export const Pending: Story = {
  args: { onMove: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Vorlesungen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Verschieben' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/** Escape closes the dialog while the move is on its way. */
export const PendingEscape: Story = {
  args: { onMove: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Vorlesungen' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Verschieben' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** A failed move is shown in the dialog, which stays open to try again. */
export const Failed: Story = {
  args: { onMove: fn(failing('server')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(dialog.getByRole('radio', { name: 'Kunden' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Verschieben' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Serverfehler. Bitte versuchen Sie es später erneut.',
    );
    await expect(screen.getByRole('dialog')).toBeVisible();
  },
};

/** Without folders there is only "Kein Ordner", and a hint where folders are made. */
export const NoFolders: Story = {
  args: { folders: [] },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await expect(dialog.getAllByRole('radio')).toHaveLength(1);
    await expect(dialog.getByText(/Sie haben noch keine Ordner/)).toBeVisible();
  },
};

export const LongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { note: longNameNotes[1]!, folders: longNameFolders },
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Move to folder' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'No folder' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Move' }));
    await expectCalledOnceWith(args.onMove, null);
  },
};
