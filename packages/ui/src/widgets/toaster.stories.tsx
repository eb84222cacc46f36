import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Toaster } from './toaster.tsx';
import type { UploadEntry } from './upload-toasts.tsx';

const processing: UploadEntry = {
  id: 'u1',
  filename: 'Kundengespräch Müller.mp3',
  size: 18 * 1024 ** 2,
  loaded: 18 * 1024 ** 2,
  status: 'processing',
  showToast: true,
};

/** The host's landmark; its toasts are portalled into it right after it mounts. */
const region = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'Benachrichtigungen' });

const meta = {
  title: 'Widgets/Toaster',
  component: Toaster,
  args: {
    uploads: [processing],
    notices: [
      {
        id: 1,
        title: 'Die Datei konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.',
      },
    ],
    onNoticeClose: fn(),
    onUploadDismiss: fn(),
    // Notices never close by themselves in stories, so screenshots are stable.
    duration: Infinity,
  },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A failure notice and an upload in the one stack, in the order they came. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const items = await within(region(canvasElement)).findAllByRole('listitem');
    await expect(items.map((item) => item.dataset.slot)).toEqual(['upload-toast', 'toast']);
    await expect(items[1]).toHaveAttribute('data-variant', 'danger');
  },
};

/**
 * Closing a notice asks the app to drop it; the upload stays. No screenshot: after the close
 * Chromium settles the remaining toast on either of two sub-pixel positions (a 1 px shift of
 * its text, seen under load), and its look is the Widgets/UploadToasts Processing screenshot.
 */
export const CloseNotice: Story = {
  tags: ['no-visual'],
  play: async ({ canvasElement, args }) => {
    const toasts = within(region(canvasElement));
    const [, notice] = await toasts.findAllByRole('listitem');
    await userEvent.click(within(notice!).getByRole('button', { name: 'Schließen' }));
    await expect(args.onNoticeClose).toHaveBeenCalledWith(1);
    await expect(args.onUploadDismiss).not.toHaveBeenCalled();
    // The screenshot shows the settled stack: the closed notice gone, the upload toast no longer
    // moving into its place (finite animations and transitions finished; the spinner runs on).
    await waitFor(() => expect(toasts.getAllByRole('listitem')).toHaveLength(1));
    await waitFor(() =>
      expect(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity),
      ).toEqual([]),
    );
  },
};
