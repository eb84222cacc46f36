import type { Folder } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { demoFolders, longNameFolders } from '@protokoll/mocks/fixtures';
import type { ActionResult } from './action.ts';
import { CreateFolderDialog, DeleteFolderDialog, RenameFolderDialog } from './folder-dialogs.tsx';
import { OfflineContext } from '../../lib/connection.ts';
import { expectCalledOnceWith, failing, never } from '../../lib/story-helpers.ts';

interface FolderDialogsDemoProps {
  /** Which of the three dialogs is shown. */
  dialog: 'create' | 'rename' | 'delete';
  /** The folder renamed or deleted. */
  folder: Folder;
  onCreate: (name: string) => ActionResult;
  onRename: (name: string) => ActionResult;
  onDelete: () => ActionResult;
}

/** One of the folder dialogs, open, with the state a sidebar would keep. */
function FolderDialogsDemo({
  dialog,
  folder,
  onCreate,
  onRename,
  onDelete,
}: FolderDialogsDemoProps) {
  const [open, setOpen] = useState(true);
  if (dialog === 'create') {
    return <CreateFolderDialog open={open} onOpenChange={setOpen} onCreate={onCreate} />;
  }
  if (dialog === 'rename') {
    return (
      <RenameFolderDialog open={open} onOpenChange={setOpen} folder={folder} onRename={onRename} />
    );
  }
  return (
    <DeleteFolderDialog open={open} onOpenChange={setOpen} folder={folder} onDelete={onDelete} />
  );
}

const meta = {
  title: 'Screens/Notes/FolderDialogs',
  component: FolderDialogsDemo,
  parameters: {
    docs: {
      description: {
        component:
          'The dialogs that create, rename and delete a folder from the notes list: use them for every folder change, so names are checked and failures shown the same way.',
      },
    },
  },
  args: {
    dialog: 'create',
    folder: demoFolders[1]!,
    onCreate: fn(),
    onRename: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof FolderDialogsDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The name field has focus; a valid name is reported trimmed and the dialog closes. */
export const Create: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Ordner' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await waitFor(() => expect(name).toHaveFocus());
    await userEvent.type(name, '  Team Nord  ');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await expectCalledOnceWith(args.onCreate, 'Team Nord');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/**
 * An empty (or blank) name is refused inline (docs/product.md#folders), before anything is sent.
 */
export const CreateEmptyName: Story = {
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.type(name, '   ');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription('Ordnername erforderlich');
    await expect(name).toHaveFocus();
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

export const CreateEmptyNameEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create folder' }));
    const name = dialog.getByRole('textbox', { name: 'Folder name' });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Folder name required'));
    await expect(args.onCreate).not.toHaveBeenCalled();
  },
};

/** The server's "name taken" lands under the field; the dialog stays open. */
export const CreateNameTaken: Story = {
  args: { onCreate: fn(failing('folderExists')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.type(name, 'Kunden');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Ein Ordner mit diesem Namen existiert bereits.'),
    );
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};

/**
 * Any other failure: "Folder creation failed" (docs/errors.md#action-failures), above the buttons.
 */
export const CreateFailed: Story = {
  args: { onCreate: fn(failing('internal')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ordnername' }), 'Team');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Ordner konnte nicht erstellt werden',
    );
  },
};

export const CreatePending: Story = {
  args: { onCreate: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ordnername' }), 'Team');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Ordner anlegen' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/**
 * Cancel works while the call is on its way (it once spun with Cancel disabled and Escape
 * ignored): the dialog closes at once (docs/errors.md#every-action-ends).
 */
export const CreatePendingCancel: Story = {
  args: { onCreate: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ordnername' }), 'Team');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Ordner anlegen' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const CreatePendingEscapeEnglish: Story = {
  globals: { locale: 'en' },
  args: { onCreate: fn(never) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Folder name' }), 'Team');
    await userEvent.click(dialog.getByRole('button', { name: 'Create folder' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: 'Create folder' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** Offline: the translated reason above the buttons, the typed name kept for another try. */
export const CreateOffline: Story = {
  args: { onCreate: fn(failing('offline')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.type(name, 'Team Nord');
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner anlegen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Keine Internetverbindung. Bitte prüfen Sie Ihr Netzwerk.',
    );
    await expect(name).toHaveValue('Team Nord');
    await expect(dialog.getByRole('button', { name: 'Ordner anlegen' })).toBeEnabled();
  },
};

/**
 * Without a connection (the shell's `offline`, docs/architecture.md#offline): the server's action
 * is disabled with its reason, Enter in the field sends nothing either, and the name is kept.
 */
export const CreateDisconnected: Story = {
  decorators: [
    (Story) => (
      <OfflineContext.Provider value>
        <Story />
      </OfflineContext.Provider>
    ),
  ],
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Neuer Ordner' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.type(name, 'Team Nord{Enter}');
    const submit = dialog.getByRole('button', { name: 'Ordner anlegen' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(
      'Ohne Verbindung nicht möglich. Sobald sie zurück ist, können Sie es erneut versuchen.',
    );
    await expect(args.onCreate).not.toHaveBeenCalled();
    await expect(name).toHaveValue('Team Nord');
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeEnabled();
  },
};

/** English: the reason the action waits. */
export const CreateDisconnectedEnglish: Story = {
  globals: { locale: 'en' },
  decorators: CreateDisconnected.decorators,
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    await expect(dialog.getByRole('button', { name: 'Create folder' })).toHaveAccessibleDescription(
      'Not possible without a connection. Once it is back, you can try again.',
    );
  },
};

/** A call that outlived the contract's action timeout: said so, the name kept. */
export const CreateTimeoutEnglish: Story = {
  globals: { locale: 'en' },
  args: { onCreate: fn(failing('timeout')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog', { name: 'New folder' }));
    const name = dialog.getByRole('textbox', { name: 'Folder name' });
    await userEvent.type(name, 'Team North');
    await userEvent.click(dialog.getByRole('button', { name: 'Create folder' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Request timed out. Please try again.',
    );
    await expect(name).toHaveValue('Team North');
  },
};

/** The field starts with the current name; the new one is reported. */
export const Rename: Story = {
  args: { dialog: 'rename' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Ordner umbenennen' }));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await expect(name).toHaveValue('Kunden');
    await userEvent.clear(name);
    await userEvent.type(name, 'Kundschaft');
    await userEvent.keyboard('{Enter}');
    await expectCalledOnceWith(args.onRename, 'Kundschaft');
  },
};

/** Renaming needs a name too (docs/product.md#folders). */
export const RenameEmptyName: Story = {
  args: { dialog: 'rename' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog'));
    const name = dialog.getByRole('textbox', { name: 'Ordnername' });
    await userEvent.clear(name);
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Ordnername erforderlich'));
    await expect(args.onRename).not.toHaveBeenCalled();
  },
};

/** "Folder update failed" (docs/errors.md#action-failures). */
export const RenameFailed: Story = {
  args: { dialog: 'rename', onRename: fn(failing('folderUpdateFailed')) },
  play: async () => {
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Ordnername' }), ' 2026');
    await userEvent.click(dialog.getByRole('button', { name: 'Umbenennen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Ordner konnte nicht geändert werden',
    );
  },
};

/** Asks first and says the notes stay; confirming reports it. */
export const Delete: Story = {
  args: { dialog: 'delete' },
  play: async ({ args }) => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Ordner „Kunden“ löschen?' });
    await expect(dialog).toHaveAccessibleDescription(
      'Die Notizen darin bleiben erhalten und sind danach keinem Ordner mehr zugeordnet.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ordner löschen' }));
    await expect(args.onDelete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** "Folder deletion failed" (docs/errors.md#action-failures). */
export const DeleteFailed: Story = {
  args: { dialog: 'delete', onDelete: fn(failing('internal')) },
  play: async () => {
    const dialog = within(await screen.findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: 'Ordner löschen' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Ordner konnte nicht gelöscht werden',
    );
  },
};

export const LongNamesMobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  args: { dialog: 'delete', folder: longNameFolders[1]! },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { dialog: 'rename' },
  play: async ({ args }) => {
    const dialog = within(await screen.findByRole('dialog', { name: 'Rename folder' }));
    const name = dialog.getByRole('textbox', { name: 'Folder name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Clients');
    await userEvent.click(dialog.getByRole('button', { name: 'Rename' }));
    await expectCalledOnceWith(args.onRename, 'Clients');
  },
};
