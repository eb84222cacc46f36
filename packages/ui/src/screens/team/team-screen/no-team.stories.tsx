import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { NoTeam } from './no-team.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/NoTeam',
  component: NoTeam,
  tags: ['no-visual'],
  args: { onUpgrade: fn() },
} satisfies Meta<typeof NoTeam>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without a team: the way to a plan that has one. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};
