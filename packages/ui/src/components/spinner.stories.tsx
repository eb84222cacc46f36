import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { OfflineContext } from '../lib/connection.ts';
import { Skeleton } from './skeleton.tsx';
import { Spinner } from './spinner.tsx';

const meta = {
  title: 'Primitives/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="flex items-center gap-4 text-primary">
      <Spinner size={12} />
      <Spinner size={16} />
      <Spinner size={24} />
      <Spinner size={32} label="Transkription läuft" />
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/.+/);
  },
};

/** Offline (docs/architecture.md#offline): it stops turning and says it waits for the connection. */
export const WaitingForConnection: Story = {
  decorators: [
    (Story) => (
      <OfflineContext.Provider value>
        <div className="flex items-center gap-4 text-primary">
          <Story />
          <Skeleton className="h-4 w-32" />
        </div>
      </OfflineContext.Provider>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Wartet auf Verbindung …');
    await expect(status).toHaveAttribute('data-state', 'waiting');
    await expect(canvasElement.querySelector('.animate-spin, .animate-pulse')).toBeNull();
  },
};

/** English. */
export const WaitingForConnectionEnglish: Story = {
  globals: { locale: 'en' },
  decorators: WaitingForConnection.decorators,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Waiting for connection …');
  },
};
