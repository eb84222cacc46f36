import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Brand } from './brand.tsx';

const meta = {
  title: 'Layouts/Brand',
  component: Brand,
} satisfies Meta<typeof Brand>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid gap-4">
      <Brand />
      <Brand compact />
      <Brand compact="narrow" />
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protokoll')).toBeVisible();
  },
};

/** The mark alone; the name stays for screen readers. */
export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Protokoll')).toHaveClass('sr-only');
  },
};
