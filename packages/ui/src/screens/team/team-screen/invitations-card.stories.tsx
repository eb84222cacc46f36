import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { teamInvitationsFixture } from '@protokoll/mocks/fixtures';
import { InvitationsCard } from './invitations-card.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/InvitationsCard',
  component: InvitationsCard,
  tags: ['no-visual'],
  args: { invitations: teamInvitationsFixture, onRevoke: fn(), pendingId: undefined },
} satisfies Meta<typeof InvitationsCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open and expired invitations, each with its address. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    for (const invitation of teamInvitationsFixture)
      await expect(within(canvasElement).getByText(invitation.email)).toBeVisible();
  },
};

/** One invitation being revoked. */
export const Revoking: Story = { args: { pendingId: teamInvitationsFixture[0]!.id } };
