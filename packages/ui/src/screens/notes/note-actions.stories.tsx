import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoFolders, demoNotes } from '@protokoll/mocks/fixtures';
import { NoteActions } from './note-actions.tsx';

const done = demoNotes.find((note) => note.status === 'done')!;
const failed = demoNotes.find((note) => note.status === 'error')!;

const meta = {
  title: 'Screens/Notes/Parts/NoteActions',
  component: NoteActions,
  args: {
    note: done,
    folders: demoFolders,
    onOpenNote: fn(),
    onDownload: fn(),
    onMoveNote: fn(),
    onToggleSaved: fn(),
    onDeleteNote: fn(),
    onRenameNote: fn(),
  },
} satisfies Meta<typeof NoteActions>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A finished note: the download menu and the actions menu, named after the note. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: `Aktionen für „${done.name}“` }));
    const menu = await screen.findByRole('menu');
    await expect(within(menu).getByRole('menuitem', { name: 'Umbenennen …' })).toBeVisible();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Öffnen' }));
    await waitFor(() => expect(args.onOpenNote).toHaveBeenCalledWith(done));
  },
};

/** A failed note offers to run it again when the list can. */
export const FailedWithRetry: Story = {
  args: { note: failed, onRetryNote: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: `Aktionen für „${failed.name}“` }));
    const menu = await screen.findByRole('menu');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Erneut verarbeiten' }));
    await waitFor(() => expect(args.onRetryNote).toHaveBeenCalledWith(failed));
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /^Actions for/ })).toBeVisible();
  },
};
