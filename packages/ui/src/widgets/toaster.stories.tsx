import type { Meta, StoryObj } from '@storybook/react-vite';
import { useTranslation } from 'react-i18next';
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
const region = (canvasElement: HTMLElement, name = 'Benachrichtigungen') =>
  within(canvasElement).getByRole('region', { name });

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

interface ReadyNoticeProps {
  /** The recording whose note is ready. */
  filename: string;
  /** "Öffnen": the app dismisses the notice and opens the note. */
  onOpen: () => void;
  onNoticeClose: (id: string | number) => void;
}

/**
 * "Ihre Notiz ist fertig" with its "Öffnen" button, worded from the locale files as the app's
 * toast host words it when a note it followed is done (docs/uploads.md#following-a-new-note).
 */
function ReadyNotice({ filename, onOpen, onNoticeClose }: ReadyNoticeProps) {
  const { t } = useTranslation();
  return (
    <Toaster
      duration={Infinity}
      onNoticeClose={onNoticeClose}
      notices={[
        {
          id: 7,
          variant: 'success',
          title: t('uploads.ready.title'),
          description: t('uploads.ready.description', { name: filename }),
          action: {
            label: t('uploads.ready.open'),
            altText: t('uploads.ready.open'),
            onClick: onOpen,
          },
        },
      ]}
    />
  );
}

type ReadyStory = StoryObj<typeof ReadyNotice>;

const ready = {
  args: { filename: 'Teambesprechung März', onOpen: fn(), onNoticeClose: fn() },
  render: (args) => <ReadyNotice {...args} />,
} satisfies ReadyStory;

/** A followed note is done: the success notice with its action button "Öffnen". */
export const NoteReady: ReadyStory = {
  ...ready,
  play: async ({ canvasElement, args }) => {
    const notice = await within(region(canvasElement)).findByRole('listitem');
    await expect(notice).toHaveAttribute('data-variant', 'success');
    await expect(notice).toHaveTextContent('Ihre Notiz ist fertig');
    await expect(notice).toHaveTextContent(
      '„Teambesprechung März“ ist transkribiert und zusammengefasst.',
    );
    const open = within(notice).getByRole('button', { name: 'Öffnen' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('data-slot', 'toast-action');
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

/**
 * "Öffnen" calls the app's handler and closes the notice. No screenshot: what is left is an
 * empty page; the button's look is the NoteReady screenshot.
 */
export const NoteReadyOpen: ReadyStory = {
  ...ready,
  tags: ['no-visual'],
  play: async ({ canvasElement, args }) => {
    const toasts = within(region(canvasElement));
    const notice = await toasts.findByRole('listitem');
    await userEvent.click(within(notice).getByRole('button', { name: 'Öffnen' }));
    await expect(args.onOpen).toHaveBeenCalledOnce();
    await expect(args.onNoticeClose).toHaveBeenCalledWith(7);
    await waitFor(() => expect(toasts.queryByRole('listitem')).not.toBeInTheDocument());
  },
};

export const NoteReadyEnglish: ReadyStory = {
  ...ready,
  globals: { locale: 'en' },
  play: async ({ canvasElement }) => {
    const notice = await within(region(canvasElement, 'Notifications')).findByRole('listitem');
    await expect(notice).toHaveTextContent('Your note is ready');
    await expect(within(notice).getByRole('button', { name: 'Open' })).toBeVisible();
  },
};

/** On a phone, with a long German name: the notice spans the bottom edge, its text wraps. */
export const NoteReadyMobile: ReadyStory = {
  ...ready,
  globals: { viewport: { value: 'mobile' } },
  args: {
    ...ready.args,
    filename: 'Quartalsbesprechung Donaudampfschifffahrtsgesellschaftskapitänsmützenausschuss',
  },
  play: async ({ canvasElement }) => {
    const notice = await within(region(canvasElement)).findByRole('listitem');
    await expect(within(notice).getByRole('button', { name: 'Öffnen' })).toBeVisible();
    await expect(notice.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(notice.scrollWidth).toBeLessThanOrEqual(notice.clientWidth);
  },
};
