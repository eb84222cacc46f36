import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Trash2 } from 'lucide-react';
import { ConfirmButton } from './confirm-button.tsx';

// A part of the team screen: its screenshots are the TeamScreen stories'; here its states and
// actions are checked on their own.
const meta = {
  title: 'Screens/Team/Parts/ConfirmButton',
  component: ConfirmButton,
  tags: ['no-visual'],
  args: {
    label: 'Entfernen',
    icon: <Trash2 aria-hidden />,
    title: 'Mitglied entfernen?',
    description: 'Anna verliert den Zugang zum Team.',
    confirm: 'Entfernen',
    pending: false,
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmButton>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing happens until the dialog is confirmed. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Entfernen' }));
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

/** While the action runs. */
export const Pending: Story = { args: { pending: true } };
