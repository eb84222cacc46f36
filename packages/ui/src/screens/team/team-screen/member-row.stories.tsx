import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { teamMembersFixture } from '@protokoll/mocks/fixtures';
import { MemberRow } from './member-row.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/MemberRow',
  component: MemberRow,
  tags: ['no-visual'],
  args: { member: teamMembersFixture[1]!, onRemove: fn(), pending: false },
  render: (args) => (
    <ul>
      <MemberRow {...args} />
    </ul>
  ),
} satisfies Meta<typeof MemberRow>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A member with name and address. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(teamMembersFixture[1]!.email)).toBeVisible();
  },
};

/** Being removed. */
export const Removing: Story = { args: { pending: true } };
