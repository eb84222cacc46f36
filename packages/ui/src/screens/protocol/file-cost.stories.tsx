import { demoMinutes, exhaustedMinutes, unlimitedMinutes } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FileCost } from './file-cost.tsx';

const meta = {
  title: 'Screens/Protocol/Parts/FileCost',
  component: FileCost,
  args: {
    duration: 1_500,
    cost: 25,
    minutes: { ...demoMinutes, total: 60, used: 12, remaining: 48 },
    unlimited: false,
    remaining: 48,
  },
  render: (args) => (
    <div className="max-w-2xl">
      <FileCost {...args} />
    </div>
  ),
} satisfies Meta<typeof FileCost>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A 25-minute recording against 48 minutes left. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="file-duration"]')).toHaveTextContent(
      '25:00',
    );
  },
};

/** The length is still being read: no cost yet. */
export const Reading: Story = { args: { duration: undefined, cost: undefined } };

/** The length could not be read: said in place, no cost. */
export const Unreadable: Story = { args: { duration: null, cost: undefined } };

/** Not enough minutes for this file. */
export const Insufficient: Story = {
  args: { minutes: exhaustedMinutes, remaining: 0 },
};

export const Unlimited: Story = {
  args: { minutes: unlimitedMinutes, unlimited: true, remaining: unlimitedMinutes.remaining },
};

export const English: Story = { globals: { locale: 'en' } };
