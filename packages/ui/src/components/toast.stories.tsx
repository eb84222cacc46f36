import type { Meta, StoryObj } from '@storybook/react-vite';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button.tsx';
import {
  Toast,
  ToastAction,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  type ToastProps,
} from './toast.tsx';

const meta = {
  title: 'Primitives/Toast',
  component: Toast,
  args: { variant: 'info', onOpenChange: fn() },
  decorators: [
    // Toasts never time out in stories, so screenshots and assertions are stable.
    (Story) => (
      <ToastProvider duration={Infinity}>
        <Story />
        <ToastViewport />
      </ToastProvider>
    ),
  ],
  render: (args) => (
    <Toast {...args}>
      <ToastTitle>Notiz gespeichert</ToastTitle>
      <ToastDescription>
        Die Änderungen an „Teambesprechung 2. März“ sind gesichert.
      </ToastDescription>
    </Toast>
  ),
} satisfies Meta<typeof Toast>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Finds toasts through the translated notifications landmark, not the screen-reader echo. Radix
 * moves the toasts into the viewport once it has mounted: the plays wait for them (findBy).
 */
function region(canvasElement: HTMLElement) {
  return within(canvasElement).getByRole('region', { name: 'Benachrichtigungen' });
}

const samples: { variant: NonNullable<ToastProps['variant']>; title: string; text: string }[] = [
  {
    variant: 'info',
    title: 'Transkription läuft',
    text: 'Wir melden uns, sobald die Notiz fertig ist.',
  },
  { variant: 'success', title: 'Notiz erstellt', text: 'Die Zusammenfassung ist bereit.' },
  {
    variant: 'warning',
    title: 'Nur noch 12 Minuten',
    text: 'Ihr Kontingent für diesen Monat ist fast aufgebraucht.',
  },
  {
    variant: 'danger',
    title: 'Hochladen fehlgeschlagen',
    text: 'Die Datei konnte nicht gelesen werden.',
  },
];

/** One toast per variant, stacked in the viewport. */
export const Catalog: Story = {
  render: (args) => (
    <>
      {samples.map((sample) => (
        <Toast key={sample.variant} {...args} variant={sample.variant}>
          <ToastTitle>{sample.title}</ToastTitle>
          <ToastDescription>{sample.text}</ToastDescription>
        </Toast>
      ))}
    </>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(region(canvasElement)).getAllByRole('listitem')).toHaveLength(4),
    );
  },
};

export const Info: Story = {
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-variant', 'info');
    await expect(toast).toHaveTextContent('Notiz gespeichert');
  },
};

export const Success: Story = {
  args: { variant: 'success' },
};

export const Warning: Story = {
  args: { variant: 'warning' },
  render: (args) => (
    <Toast {...args}>
      <ToastTitle>Nur noch 12 Minuten</ToastTitle>
      <ToastDescription>Ihr Kontingent für diesen Monat ist fast aufgebraucht.</ToastDescription>
    </Toast>
  ),
};

export const Danger: Story = {
  args: { variant: 'danger' },
  render: (args) => (
    <Toast {...args}>
      <ToastTitle>Hochladen fehlgeschlagen</ToastTitle>
      <ToastDescription>Die Datei konnte nicht gelesen werden.</ToastDescription>
    </Toast>
  ),
};

/** A title-only toast with a custom icon. */
export const CustomIcon: Story = {
  args: { icon: <Upload aria-hidden /> },
  render: (args) => (
    <Toast {...args}>
      <ToastTitle>Hochladen gestartet</ToastTitle>
    </Toast>
  ),
};

function UndoToast({ onUndo, ...props }: ToastProps & { onUndo?: () => void }) {
  return (
    <Toast
      {...props}
      action={
        <ToastAction altText="Im Papierkorb wiederherstellen" onClick={onUndo}>
          Rückgängig
        </ToastAction>
      }
    >
      <ToastTitle>Notiz gelöscht</ToastTitle>
      <ToastDescription>„Teambesprechung 2. März“ liegt im Papierkorb.</ToastDescription>
    </Toast>
  );
}

/** A toast with an action ("Rückgängig") beside its text. */
export const WithAction: StoryObj<typeof UndoToast> = {
  args: { variant: 'success', onUndo: fn(), onOpenChange: fn() },
  render: (args) => <UndoToast {...args} />,
  play: async ({ canvasElement }) => {
    const toasts = within(region(canvasElement));
    await expect(await toasts.findByRole('button', { name: 'Rückgängig' })).toBeVisible();
  },
};

/** The action does its job and closes the toast (the picture of it is `WithAction`). */
export const ActionDone: StoryObj<typeof UndoToast> = {
  args: { variant: 'success', onUndo: fn(), onOpenChange: fn() },
  render: (args) => <UndoToast {...args} />,
  play: async ({ canvasElement, args }) => {
    const toasts = within(region(canvasElement));
    await userEvent.click(await toasts.findByRole('button', { name: 'Rückgängig' }));
    await expect(args.onUndo).toHaveBeenCalledOnce();
    await expect(args.onOpenChange).toHaveBeenCalledWith(false);
    await waitFor(() => expect(toasts.queryByRole('listitem')).not.toBeInTheDocument());
  },
};

/** Several toasts at once stack with a gap, newest at the bottom. */
export const Stacked: Story = {
  render: (args) => (
    <>
      <Toast {...args} variant="info">
        <ToastTitle>Hochladen gestartet</ToastTitle>
        <ToastDescription>Aufnahme_Montag.m4a</ToastDescription>
      </Toast>
      <Toast {...args} variant="success">
        <ToastTitle>Notiz erstellt</ToastTitle>
        <ToastDescription>Aufnahme_Dienstag.m4a</ToastDescription>
      </Toast>
      <Toast {...args} variant="danger">
        <ToastTitle>Hochladen fehlgeschlagen</ToastTitle>
        <ToastDescription>Aufnahme_Mittwoch.m4a</ToastDescription>
      </Toast>
    </>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(region(canvasElement)).getAllByRole('listitem')).toHaveLength(3),
    );
    const items = within(region(canvasElement)).getAllByRole('listitem');
    const [first, second] = items.map((item) => item.getBoundingClientRect());
    // Distinct, non-overlapping rows with a gap in between.
    await expect(second!.top).toBeGreaterThan(first!.bottom);
  },
};

/** A long German file name without spaces wraps inside the toast instead of overflowing. */
export const LongContent: Story = {
  args: { variant: 'success' },
  render: (args) => (
    <Toast {...args}>
      <ToastTitle>Transkription abgeschlossen</ToastTitle>
      <ToastDescription>
        Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a
      </ToastDescription>
    </Toast>
  ),
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast.scrollWidth).toBeLessThanOrEqual(toast.clientWidth);
    const viewport = toast.parentElement!;
    await expect(viewport.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};

/** On a phone the stack spans the bottom edge. */
export const Mobile: Story = {
  ...Stacked,
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(within(region(canvasElement)).getAllByRole('listitem')).toHaveLength(3),
    );
    const items = within(region(canvasElement)).getAllByRole('listitem');
    for (const item of items) {
      await expect(item.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth - 40);
    }
  },
};

interface Entry {
  id: number;
  variant: NonNullable<ToastProps['variant']>;
}

function Notifier() {
  const [entries, setEntries] = useState<Entry[]>([]);
  const [next, setNext] = useState(1);
  const variants: Entry['variant'][] = ['success', 'info', 'warning', 'danger'];
  return (
    <>
      <Button
        onClick={() => {
          setEntries((list) => [...list, { id: next, variant: variants[(next - 1) % 4]! }]);
          setNext(next + 1);
        }}
      >
        Benachrichtigung anzeigen
      </Button>
      {entries.map((entry) => (
        <Toast
          key={entry.id}
          variant={entry.variant}
          onOpenChange={(open) => {
            if (!open) setEntries((list) => list.filter((item) => item.id !== entry.id));
          }}
        >
          <ToastTitle>Benachrichtigung {entry.id}</ToastTitle>
        </Toast>
      ))}
    </>
  );
}

/** Clicking the button adds a toast; its close button removes it again. */
export const Interactive: Story = {
  render: () => <Notifier />,
  play: async ({ canvas, canvasElement }) => {
    const toasts = within(region(canvasElement));
    await expect(toasts.queryAllByRole('listitem')).toHaveLength(0);

    const trigger = canvas.getByRole('button', { name: 'Benachrichtigung anzeigen' });
    await userEvent.click(trigger);
    await userEvent.click(trigger);
    await waitFor(() => expect(toasts.getAllByRole('listitem')).toHaveLength(2));

    const first = toasts.getByText('Benachrichtigung 1').closest('li')!;
    await userEvent.click(within(first).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(toasts.getAllByRole('listitem')).toHaveLength(1));
    await expect(toasts.queryByText('Benachrichtigung 1')).not.toBeInTheDocument();
    await expect(toasts.getByText('Benachrichtigung 2')).toBeVisible();
  },
};
