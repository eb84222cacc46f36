import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ConnectionBanner } from './connection-banner.tsx';

const meta = {
  title: 'Layouts/ConnectionBanner',
  component: ConnectionBanner,
  args: { offline: true },
} satisfies Meta<typeof ConnectionBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Offline: says so and what still works. */
export const Offline: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Keine Verbindung.');
  },
};

/** Online: the live region stays, empty, so the next change is announced. */
export const Online: Story = {
  args: { offline: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('No connection.');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
};
