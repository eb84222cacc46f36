import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from './button.tsx';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  type DialogContentProps,
} from './dialog.tsx';

const meta = {
  title: 'Primitives/Dialog',
  component: Dialog,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

function RenameDialog({
  open,
  size,
  onOpenChange,
}: {
  open?: boolean;
  size?: DialogContentProps['size'];
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    <Dialog defaultOpen={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">Notiz umbenennen</Button>
      </DialogTrigger>
      <DialogContent size={size}>
        <DialogHeader>
          <DialogTitle>Notiz umbenennen</DialogTitle>
          <DialogDescription>
            Der neue Name erscheint in der Notizliste und im Export.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">Aktueller Name: Teambesprechung 2. März</p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Abbrechen</Button>
          </DialogClose>
          <Button>Speichern</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The open panel with header, body and footer; screenshots show it over the overlay. */
export const Catalog: Story = {
  render: (args) => <RenameDialog open onOpenChange={args.onOpenChange} />,
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Notiz umbenennen' })).toBeVisible();
  },
};

/** Only the trigger is on screen; the dialog opens from it and Escape gives focus back. */
export const Closed: Story = {
  render: (args) => <RenameDialog onOpenChange={args.onOpenChange} />,
  play: async ({ canvas, args }) => {
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const trigger = canvas.getByRole('button', { name: 'Notiz umbenennen' });
    await userEvent.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Notiz umbenennen' });
    await expect(dialog).toHaveAccessibleDescription(/neue Name/);
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

/** The translated "×" button and a DialogClose in the footer both close it. */
export const Open: Story = {
  render: (args) => <RenameDialog open onOpenChange={args.onOpenChange} />,
  play: async ({ canvas }) => {
    const dialog = await screen.findByRole('dialog', { name: 'Notiz umbenennen' });
    await expect(dialog).toHaveAttribute('data-state', 'open');
    await userEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(canvas.getByRole('button', { name: 'Notiz umbenennen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Small: Story = {
  render: (args) => <RenameDialog open size="sm" onOpenChange={args.onOpenChange} />,
};

/** Long German compounds wrap inside the panel and a tall body scrolls instead of overflowing. */
export const LongContent: Story = {
  render: (args) => (
    <Dialog defaultOpen onOpenChange={args.onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Datenschutzgrundverordnungskonformitätsprüfung der Quartalsbesprechungsaufzeichnung
          </DialogTitle>
          <DialogDescription>
            Rechtsschutzversicherungsgesellschaften-Vertragsbedingungen und
            Donaudampfschifffahrtsgesellschaftskapitänsmütze müssen umbrechen.
          </DialogDescription>
        </DialogHeader>
        {Array.from({ length: 12 }, (_, index) => (
          <p key={index} className="text-sm">
            Abschnitt {index + 1}: Die Transkription wurde automatisch erstellt und sollte vor der
            Weitergabe an die Geschäftsführung sorgfältig geprüft werden.
          </p>
        ))}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Abbrechen</Button>
          </DialogClose>
          <Button>Verstanden</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
  play: async () => {
    const dialog = await screen.findByRole('dialog');
    await expect(dialog.scrollWidth).toBeLessThanOrEqual(dialog.clientWidth);
  },
};

export const Mobile: Story = {
  ...Catalog,
  globals: { viewport: { value: 'mobile' } },
};
