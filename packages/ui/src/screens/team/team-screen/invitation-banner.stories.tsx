import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { InvitationBanner } from './invitation-banner.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/InvitationBanner',
  component: InvitationBanner,
  tags: ['no-visual'],
  args: { status: 'idle', error: undefined, onAccept: fn() },
} satisfies Meta<typeof InvitationBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

/** An invitation to accept. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button'));
    await expect(args.onAccept).toHaveBeenCalledOnce();
  },
};

/** Accepting. */
export const Pending: Story = { args: { status: 'pending' } };

/** Accepted: the person is in the team now. */
export const Joined: Story = { args: { status: 'success' } };

/** Accepting failed: why, and no button that would fail again. */
export const Failed: Story = {
  args: { status: 'error', error: { code: 'server' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull();
  },
};
