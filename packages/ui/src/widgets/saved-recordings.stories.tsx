import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { SavedRecordings } from './saved-recordings.tsx';

const recordings = [
  { id: 'b', startedAt: '2026-11-24T08:15:00Z', seconds: 2712 },
  { id: 'a', startedAt: '2026-11-20T13:00:00Z', seconds: 95 },
];

const meta = {
  title: 'Widgets/SavedRecordings',
  component: SavedRecordings,
  args: { recordings, onDownload: fn(), onProcess: fn(), onDelete: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SavedRecordings>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Recordings kept in this browser for later: process, download or delete each. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    const region = within(canvas.getByRole('region', { name: 'Gespeicherte Aufnahmen' }));
    const items = region.getAllByRole('listitem');
    await expect(items).toHaveLength(2);
    const first = within(items[0]!);
    await expect(items[0]).toHaveTextContent('45 Minuten 12 Sekunden');
    await userEvent.click(first.getByRole('button', { name: 'Verarbeiten' }));
    await expect(args.onProcess).toHaveBeenCalledWith('b');
    await userEvent.click(first.getByRole('button', { name: 'Herunterladen' }));
    await expect(args.onDownload).toHaveBeenCalledWith('b');

    // Deleting asks first; Cancel keeps the recording.
    const second = within(items[1]!);
    await userEvent.click(second.getByRole('button', { name: 'Löschen' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await expect(dialog.getByText('Aufnahme löschen?')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await expect(args.onDelete).not.toHaveBeenCalled();
    await userEvent.click(second.getByRole('button', { name: 'Löschen' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Endgültig löschen',
      }),
    );
    await expect(args.onDelete).toHaveBeenCalledWith('a');
  },
};

/** Nothing kept: nothing shown. */
export const Empty: Story = {
  args: { recordings: [] },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement, canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Verarbeiten' })[0]).toBeVisible();
    await expect(canvasElement.scrollWidth).toBeLessThanOrEqual(canvasElement.clientWidth);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    const region = within(canvas.getByRole('region', { name: 'Saved recordings' }));
    await expect(region.getAllByRole('listitem')[0]).toHaveTextContent('45 minutes 12 seconds');
    await expect(region.getAllByRole('button', { name: 'Process' })).toHaveLength(2);
    await expect(region.getAllByRole('button', { name: 'Download' })).toHaveLength(2);
    await expect(region.getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  },
};
