import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  type AlertDialogActionProps,
} from './alert-dialog.tsx';
import { Button } from './button.tsx';

interface DeleteNoteProps {
  /** Renders the dialog already open. */
  open?: boolean;
  /** Look of the confirming button. */
  variant?: AlertDialogActionProps['variant'];
  title?: string;
  description?: string;
  actionLabel?: string;
  onAction?: () => void;
  onCancel?: () => void;
}

function DeleteNote({
  open,
  variant = 'danger',
  title = 'Notiz löschen?',
  description = '„Teambesprechung 2. März“ wird endgültig gelöscht. Das lässt sich nicht rückgängig machen.',
  actionLabel = 'Löschen',
  onAction,
  onCancel,
}: DeleteNoteProps) {
  return (
    <AlertDialog defaultOpen={open}>
      <AlertDialogTrigger asChild>
        <Button variant="outline">
          <Trash2 aria-hidden /> Notiz löschen
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={onCancel}>Abbrechen</AlertDialogCancel>
          <AlertDialogAction variant={variant} onClick={onAction}>
            {actionLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

const meta = {
  title: 'Primitives/AlertDialog',
  component: DeleteNote,
  parameters: {
    docs: {
      description: {
        component:
          'A confirmation that interrupts: use it before an action that cannot be undone (deleting a note, a folder, the account). The cancel button has the focus; the action button names what happens.',
      },
    },
  },
  args: { onAction: fn(), onCancel: fn() },
} satisfies Meta<typeof DeleteNote>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The open destructive confirmation, as screenshots show it. */
export const Catalog: Story = {
  args: { open: true },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog', { name: 'Notiz löschen?' });
    await expect(dialog).toHaveAccessibleDescription(/endgültig gelöscht/);
    // The safe choice gets focus first.
    await expect(screen.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
  },
};

/** Only the trigger; cancel closes without confirming and focus returns to the trigger. */
export const Closed: Story = {
  play: async ({ canvas, args }) => {
    await expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const trigger = canvas.getByRole('button', { name: 'Notiz löschen' });
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog', { name: 'Notiz löschen?' });
    await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await expect(args.onCancel).toHaveBeenCalledOnce();
    await expect(args.onAction).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** Confirming fires the action and closes the dialog. */
export const Danger: Story = {
  args: { open: true },
  play: async ({ args }) => {
    await userEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
    await expect(args.onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  },
};

/** A non-destructive confirmation uses the primary look. */
export const Primary: Story = {
  args: {
    open: true,
    variant: 'primary',
    title: 'Transkription neu starten?',
    description: 'Die bisherige Transkription wird ersetzt. Das dauert einige Minuten.',
    actionLabel: 'Neu starten',
  },
};

/** Long German compounds wrap inside the narrow panel. */
export const LongContent: Story = {
  args: {
    open: true,
    title: 'Quartalsbesprechungsaufzeichnungsverwaltungseinstellungen zurücksetzen?',
    description:
      'Alle Datenschutzgrundverordnungskonformitätsprüfungsergebnisse der Donaudampfschifffahrtsgesellschaft werden gelöscht.',
    actionLabel: 'Unwiderruflich zurücksetzen',
  },
  play: async () => {
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const Mobile: Story = {
  args: { open: true },
  globals: { viewport: { value: 'mobile' } },
};
