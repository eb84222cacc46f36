import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { ownerTeam, teamMembersFixture } from '@protokoll/mocks/fixtures';
import { MembersCard } from './members-card.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/MembersCard',
  component: MembersCard,
  tags: ['no-visual'],
  args: { team: ownerTeam, onRemove: fn(), pendingId: undefined },
} satisfies Meta<typeof MembersCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The owner and the members. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem').length).toBeGreaterThan(0);
  },
};

/** One member being removed. */
export const Removing: Story = { args: { pendingId: teamMembersFixture[1]!.id } };
