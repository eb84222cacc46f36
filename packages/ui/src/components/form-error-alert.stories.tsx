import { ErrorCode } from '@protokoll/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FormErrorAlert } from './form-error-alert.tsx';

const meta = {
  title: 'Primitives/FormErrorAlert',
  component: FormErrorAlert,
  args: { error: { code: ErrorCode.SERVER } },
  render: (args) => (
    <div className="max-w-md">
      <FormErrorAlert {...args} />
    </div>
  ),
} satisfies Meta<typeof FormErrorAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A known error code, in the interface language; focus moves to it for screen readers. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const alert = canvasElement.querySelector('[data-slot="form-error"]');
    await expect(alert).not.toBeNull();
    // The focus moves in an effect, which React may run after the render the play function awaited.
    await waitFor(() => expect(alert).toHaveFocus());
  },
};

/** While the form submits again the alert keeps its text but does not take focus. */
export const Submitting: Story = {
  args: { submitting: true },
  play: async ({ canvasElement }) => {
    const alert = canvasElement.querySelector('[data-slot="form-error"]');
    await expect(alert).not.toHaveFocus();
  },
};

/** No failure: nothing is rendered. */
export const Empty: Story = {
  args: { error: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="form-error"]')).toBeNull();
  },
};

export const English: Story = { globals: { locale: 'en' } };
