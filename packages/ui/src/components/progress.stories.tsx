import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Progress } from './progress.tsx';

const meta = {
  title: 'Primitives/Progress',
  component: Progress,
  args: { label: 'Upload von besprechung.m4a', value: 42 },
  render: (args) => (
    <div className="max-w-sm">
      <Progress {...args} />
    </div>
  ),
} satisfies Meta<typeof Progress>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Catalog: Story = {
  render: () => (
    <div className="grid max-w-sm gap-4">
      {[0, 5, 42, 100].map((value) => (
        <Progress key={value} label={`Fortschritt ${value}`} value={value} />
      ))}
      <Progress label="Fortschritt unbekannt" />
      <Progress label="Dick" value={60} className="h-3" />
    </div>
  ),
};

export const Default: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Upload von besprechung.m4a' });
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    // German typography: a space before the percent sign.
    await expect(bar.getAttribute('aria-valuetext')).toMatch(/^42\s%$/);
    await expect(bar).toHaveAttribute('data-state', 'loading');
  },
};

export const Complete: Story = {
  args: { value: 100 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('data-state', 'complete');
  },
};

export const Indeterminate: Story = {
  args: { value: null, label: 'Transkription läuft' },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Transkription läuft' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).not.toHaveAttribute('aria-valuetext');
    await expect(bar).toHaveAttribute('data-state', 'indeterminate');
  },
};

export const OutOfRange: Story = {
  args: { value: 140 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { label: 'Uploading meeting.m4a' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuetext', '42%');
  },
};
