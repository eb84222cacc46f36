import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { LoadFailedAlert } from './load-failed-alert.tsx';

const meta = {
  title: 'Widgets/LoadFailedAlert',
  component: LoadFailedAlert,
  args: { description: 'Die Minuten konnten nicht geladen werden.', onRetry: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-sm">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LoadFailedAlert>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A load failed: the message and a retry. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'Die Minuten konnten nicht geladen werden.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Erneut versuchen' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    // The screenshot is taken without focus (a ring depends on the story shown before).
    (document.activeElement as HTMLElement | null)?.blur();
  },
};

/** A retry is running: the button is busy and sends nothing more. */
export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvas }) => {
    const retry = canvas.getByRole('button', { name: /Erneut versuchen/ });
    await expect(retry).toHaveAttribute('aria-busy', 'true');
    await expect(retry).toHaveAttribute('aria-disabled', 'true');
  },
};

/** Without a way to load again: the message alone. */
export const WithoutRetry: Story = {
  args: { onRetry: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: { description: 'Your minutes could not be loaded.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
