import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RecordingLength } from './recording-length.tsx';

const meta = {
  title: 'Widgets/RecordingLength',
  component: RecordingLength,
  args: { seconds: 2712 },
} satisfies Meta<typeof RecordingLength>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 45:12, as the player shows it; in words for screen readers. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('45:12')).toBeVisible();
    await expect(canvas.getByText('45 Minuten 12 Sekunden')).toHaveClass('sr-only');
  },
};

/** A recording of 1:09 (it costs 2 minutes), and one over an hour, in English. */
export const ShortAndLongEnglish: Story = {
  globals: { locale: 'en' },
  render: () => (
    <p className="flex gap-4">
      <RecordingLength seconds={69} />
      <RecordingLength seconds={3723.4} />
    </p>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1:09')).toBeVisible();
    await expect(canvas.getByText('1:02:03')).toBeVisible();
    await expect(canvas.getByText('1 hour 2 minutes 3 seconds')).toBeInTheDocument();
  },
};
