import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ownerTeam } from '@protokoll/mocks/fixtures';
import { InviteCard } from './invite-card.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/InviteCard',
  component: InviteCard,
  tags: ['no-visual'],
  args: {
    team: ownerTeam,
    onInvite: fn(),
    status: 'idle',
    error: undefined,
    fieldErrors: undefined,
    invitedEmail: undefined,
  },
} satisfies Meta<typeof InviteCard>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An address typed and sent reaches the app once. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox'), 'neu@example.de');
    await userEvent.keyboard('{Enter}');
    await expect(args.onInvite).toHaveBeenCalledWith('neu@example.de');
  },
};

/** Sending: the button is busy. */
export const Pending: Story = { args: { status: 'pending' } };

/** Sent: the address invited is confirmed. */
export const Success: Story = { args: { status: 'success', invitedEmail: 'neu@example.de' } };

/** Refused by the server: its reason in the interface language. */
export const Failed: Story = { args: { status: 'error', error: { code: 'server' } } };
