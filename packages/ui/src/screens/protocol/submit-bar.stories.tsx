import { ErrorCode } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SubmitBar } from './submit-bar.tsx';

const meta = {
  title: 'Screens/Protocol/Parts/SubmitBar',
  component: SubmitBar,
  args: { error: undefined, submitting: false, blocked: false, cost: 25, describedBy: undefined },
  render: (args) => (
    <form className="max-w-2xl" onSubmit={(event) => event.preventDefault()}>
      <SubmitBar {...args} />
    </form>
  ),
} satisfies Meta<typeof SubmitBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeEnabled();
    await expect(canvas.getByText(/Kosten/)).toBeVisible();
  },
};

/** No file yet: no cost, the button waits. */
export const Blocked: Story = {
  args: { blocked: true, cost: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notiz erstellen' })).toBeDisabled();
    await expect(canvas.queryByText(/Kosten/)).toBeNull();
  },
};

export const Submitting: Story = { args: { submitting: true } };

export const Failed: Story = {
  args: { error: { code: ErrorCode.SERVER } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="form-error"]')).not.toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Create note' })).toBeEnabled();
  },
};
