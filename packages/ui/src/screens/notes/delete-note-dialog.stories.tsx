import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoNotes, longNameNotes } from '@protokoll/mocks/fixtures';
import { DeleteNoteDialog, type DeleteNoteDialogProps } from './delete-note-dialog.tsx';
import { failing, never } from '../../lib/story-helpers.ts';

function DeleteDialogDemo(props: DeleteNoteDialogProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <DeleteNoteDialog
      {...props}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        props.onOpenChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Notes/DeleteNoteDialog',
  component: DeleteNoteDialog,
  render: (args) => <DeleteDialogDemo {...args} />,
  args: {
    open: true,
    onOpenChange: fn(),
    note: demoNotes.find((note) => note.id === 8)!,
    onDelete: fn(),
  },
} satisfies Meta<typeof DeleteNoteDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The safe choice has focus first; confirming reports the deletion and closes. */
export const Default: Story = {
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Notiz löschen?' });
    await expect(dialog).toHaveAccessibleDescription(
      '„Vorstandssitzung März 2026“ wird mit Aufnahme, Transkript und Zusammenfassung endgültig gelöscht.',
    );
    const inDialog = within(dialog);
    await expect(inDialog.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await userEvent.click(inDialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** "Abbrechen" (or Escape) closes without deleting. */
export const Cancel: Story = {
  play: async ({ args }) => {
    await screen.findByRole('alertdialog');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onDelete).not.toHaveBeenCalled();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

export const Pending: Story = {
  args: { onDelete: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Endgültig löschen' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/**
 * Escape (like Cancel) closes the dialog while the deletion is on its way; its late outcome is
 * ignored here (docs/errors.md#every-action-ends).
 */
export const PendingEscape: Story = {
  args: { onDelete: fn(never) },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Endgültig löschen' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
  },
};

/** A failed deletion is shown in the dialog; the note is still there. */
export const Failed: Story = {
  args: { onDelete: fn(failing('internal')) },
  play: async () => {
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Die Notiz konnte nicht gelöscht werden.',
    );
  },
};

/**
 * An error with a known code is named by it (here "Not authenticated",
 * docs/errors.md#action-failures).
 */
export const FailedWithCode: Story = {
  args: { onDelete: fn(failing('notAuthenticated')) },
  play: async () => {
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Endgültig löschen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent('Nicht angemeldet');
  },
};

export const LongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { note: longNameNotes[0]! },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete note?' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Delete for good' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
  },
};
