import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { memberTeam } from '@protokoll/mocks/fixtures';
import { MemberView } from './member-view.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/MemberView',
  component: MemberView,
  tags: ['no-visual'],
  args: { team: memberTeam, onLeave: fn(), leaving: false },
} satisfies Meta<typeof MemberView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A member sees the team and can leave it after confirming. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('button').length).toBeGreaterThan(0);
  },
};

/** While leaving, the button shows it is busy. */
export const Leaving: Story = { args: { leaving: true } };
