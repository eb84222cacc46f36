import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Toaster } from './toaster.tsx';
import type { UploadEntry } from './upload-toasts.tsx';

const MiB = 1024 ** 2;

/** 12,3 MB of 48,0 MB sent. */
const uploading: UploadEntry = {
  id: 'u1',
  filename: 'Teambesprechung März.m4a',
  size: 48 * MiB,
  loaded: Math.round(12.3 * MiB),
  status: 'processing',
  showToast: true,
};
const processing: UploadEntry = {
  id: 'u2',
  filename: 'Kundengespräch Müller.mp3',
  size: 18 * MiB,
  loaded: 18 * MiB,
  status: 'processing',
  showToast: true,
};
const done: UploadEntry = {
  id: 'u3',
  filename: 'Vorlesung Thermodynamik.wav',
  size: 212 * MiB,
  loaded: 212 * MiB,
  status: 'done',
  showToast: true,
};
const failed: UploadEntry = {
  id: 'u4',
  filename: 'Interview Rohfassung.ogg',
  size: 7 * MiB,
  loaded: 3 * MiB,
  status: 'error',
  showToast: true,
};

/**
 * The toast host's landmark, by its translated name. Its toasts are portalled into it right after
 * it mounts, so they are found with `findBy…`.
 */
const region = (canvasElement: HTMLElement, name = 'Benachrichtigungen') =>
  within(canvasElement).getByRole('region', { name });

/** What the polite live region says, line by line. */
const announced = (canvasElement: HTMLElement) =>
  Array.from(
    canvasElement.querySelectorAll('[data-slot="upload-announcer"] p'),
    (line) => line.textContent,
  );

/** Upload entries as the app's toast host shows them. */
const meta = {
  title: 'Widgets/UploadToasts',
  component: Toaster,
  parameters: {
    docs: {
      description: {
        component:
          'The toasts that follow uploads across pages: progress, processing, done and failed. The app mounts them once; screens never show upload progress themselves.',
      },
    },
  },
  args: { uploads: [uploading], onUploadDismiss: fn() },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Bytes on their way: "12,3 MB von 48,0 MB" and a bar; the close button reports the entry. */
export const Uploading: Story = {
  play: async ({ canvasElement, args }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'uploading');
    await expect(toast).toHaveTextContent(/12,3\sMB von 48,0\sMB/);
    const bar = within(toast).getByRole('progressbar', {
      name: 'Upload von Teambesprechung März.m4a',
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '25');
    await expect(announced(canvasElement)).toEqual([
      'Teambesprechung März.m4a: Wird hochgeladen …',
    ]);
    await userEvent.click(
      within(toast).getByRole('button', {
        name: 'Hinweis zu Teambesprechung März.m4a schließen',
      }),
    );
    await expect(args.onUploadDismiss).toHaveBeenCalledOnce();
    await expect(args.onUploadDismiss).toHaveBeenCalledWith('u1');
  },
};

/** A resumable upload under way: speed, time left, and its pause button. */
const resumable: UploadEntry = {
  ...uploading,
  pausable: true,
  bytesPerSecond: 2.4 * 1024 ** 2,
  secondsLeft: 150,
};

/** Speed and time left under the bar; the pause button reports the entry. */
export const UploadingResumable: Story = {
  args: { uploads: [resumable], onUploadPause: fn(), onUploadResume: fn() },
  play: async ({ canvasElement, args }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'uploading');
    await expect(toast).toHaveTextContent(/2,4\sMB\/s · noch 3\sMinuten/);
    await userEvent.click(
      within(toast).getByRole('button', { name: 'Upload von Teambesprechung März.m4a pausieren' }),
    );
    await expect(args.onUploadPause).toHaveBeenCalledWith('u1');
    await expect(args.onUploadResume).not.toHaveBeenCalled();
  },
};

/** Paused by the person: the bar stays where it stopped, "Pausiert" and the resume button. */
export const Paused: Story = {
  args: {
    uploads: [{ ...resumable, paused: true, bytesPerSecond: undefined, secondsLeft: undefined }],
    onUploadPause: fn(),
    onUploadResume: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'paused');
    await expect(toast).toHaveTextContent('Pausiert');
    await expect(within(toast).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    await expect(announced(canvasElement)).toEqual(['Teambesprechung März.m4a: Pausiert']);
    await userEvent.click(
      within(toast).getByRole('button', { name: 'Upload von Teambesprechung März.m4a fortsetzen' }),
    );
    await expect(args.onUploadResume).toHaveBeenCalledWith('u1');
  },
};

/**
 * The connection is gone (docs/uploads.md#offline): the bar holds where it stopped and the toast
 * says it waits and goes on by itself; the person may still pause it.
 */
export const WaitingForConnection: Story = {
  args: {
    uploads: [{ ...resumable, waiting: true, bytesPerSecond: undefined, secondsLeft: undefined }],
    onUploadPause: fn(),
    onUploadResume: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'waiting');
    await expect(toast).toHaveTextContent(/12,3\sMB von 48,0\sMB/);
    await expect(toast.querySelector('[data-slot="upload-rate"]')).toHaveTextContent(
      'Wartet auf Verbindung – wird fortgesetzt',
    );
    await expect(announced(canvasElement)).toEqual([
      'Teambesprechung März.m4a: Wartet auf Verbindung – wird fortgesetzt',
    ]);
    await userEvent.click(
      within(toast).getByRole('button', { name: 'Upload von Teambesprechung März.m4a pausieren' }),
    );
    await expect(args.onUploadPause).toHaveBeenCalledWith('u1');
  },
};

/** English: waiting for the connection. */
export const WaitingForConnectionEnglish: Story = {
  globals: { locale: 'en' },
  args: { uploads: [{ ...uploading, waiting: true }] },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement, 'Notifications')).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'waiting');
    await expect(toast).toHaveTextContent('Waiting for connection – will resume');
  },
};

/** The first seconds: no speed measured yet, nothing guessed. */
export const UploadingNoSpeedYet: Story = {
  args: {
    uploads: [{ ...resumable, bytesPerSecond: undefined, secondsLeft: undefined }],
    onUploadPause: fn(),
  },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast.querySelector('[data-slot="upload-rate"]')).toHaveTextContent('');
    await expect(within(toast).getByRole('button', { name: /pausieren/ })).toBeVisible();
  },
};

/** Every byte sent, the server is working: no bar any more. */
export const Processing: Story = {
  args: { uploads: [processing] },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'processing');
    await expect(toast).toHaveTextContent('Wird verarbeitet …');
    await expect(within(toast).queryByRole('progressbar')).toBeNull();
    await expect(announced(canvasElement)).toEqual([
      'Kundengespräch Müller.mp3: Wird verarbeitet …',
    ]);
  },
};

export const Done: Story = {
  args: { uploads: [done] },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'done');
    await expect(toast).toHaveTextContent('Hochgeladen');
  },
};

/** "Upload failed" when nothing more specific is known (docs/errors.md#upload-failures). */
export const Error: Story = {
  args: { uploads: [failed] },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveAttribute('data-state', 'error');
    await expect(toast).toHaveTextContent('Hochladen fehlgeschlagen');
    await expect(announced(canvasElement)).toEqual([
      'Interview Rohfassung.ogg: Hochladen fehlgeschlagen',
    ]);
  },
};

/** A parse error: the parser's own words (docs/errors.md#upload-failures). */
export const ParseError: Story = {
  args: {
    uploads: [
      { ...failed, error: { message: 'Unexpected token \'<\', "<html>" is not valid JSON' } },
    ],
  },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveTextContent('Unexpected token \'<\', "<html>" is not valid JSON');
    await expect(toast).not.toHaveTextContent('Hochladen fehlgeschlagen');
  },
};

/** The note failed later: "Transcription failed" with the reason under it. */
export const TranscriptionFailed: Story = {
  args: {
    uploads: [
      {
        ...done,
        status: 'error',
        error: { code: 'transcriptionFailed' },
        reason: 'errors.transcriptionUnavailable',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    await expect(toast).toHaveTextContent('Transkription fehlgeschlagen');
    await expect(toast).toHaveTextContent(
      'Auf diesem Server ist keine Spracherkennung eingerichtet.',
    );
  },
};

/** Several files at once stack in the order they started; hidden entries stay hidden. */
export const Several: Story = {
  args: {
    uploads: [
      uploading,
      processing,
      { ...done, id: 'hidden', filename: 'Ausgeblendet.m4a', showToast: false },
      done,
      failed,
    ],
  },
  play: async ({ canvasElement }) => {
    const items = await within(region(canvasElement)).findAllByRole('listitem');
    await expect(items.map((item) => item.dataset.state)).toEqual([
      'uploading',
      'processing',
      'done',
      'error',
    ]);
    const boxes = items.map((item) => item.getBoundingClientRect());
    for (let i = 1; i < boxes.length; i++) {
      await expect(boxes[i]!.top).toBeGreaterThan(boxes[i - 1]!.bottom);
    }
    await expect(canvasElement).not.toHaveTextContent('Ausgeblendet.m4a');
    await expect(announced(canvasElement)).toHaveLength(4);
  },
};

const longName =
  'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a';

/** A long name is cut to one line; the whole name stays in its title and for screen readers. */
export const LongFileName: Story = {
  args: { uploads: [{ ...uploading, filename: longName }] },
  play: async ({ canvasElement }) => {
    const toast = await within(region(canvasElement)).findByRole('listitem');
    const name = toast.querySelector<HTMLElement>('[data-slot="upload-filename"]')!;
    await expect(name).toHaveAttribute('title', longName);
    await expect(name).toHaveTextContent(longName);
    await expect(name.scrollWidth).toBeGreaterThan(name.clientWidth);
    await expect(toast.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    await expect(toast.scrollWidth).toBeLessThanOrEqual(toast.clientWidth);
  },
};

/** Nothing to show: no landmark, but the live region is already listening. */
export const Empty: Story = {
  args: { uploads: [] },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByRole('region')).toBeNull();
    await expect(canvasElement.querySelector('[data-slot="upload-announcer"]')).toHaveAttribute(
      'aria-live',
      'polite',
    );
  },
};

/** On a phone the stack spans the bottom edge. */
export const Mobile: Story = {
  ...Several,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    for (const item of await within(region(canvasElement)).findAllByRole('listitem')) {
      await expect(item.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth - 40);
      await expect(item.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
    }
  },
};

/** English, with "Upload failed" and English number formatting. */
export const English: Story = {
  globals: { locale: 'en' },
  args: { uploads: [uploading, failed] },
  play: async ({ canvasElement }) => {
    const [first, second] = await within(region(canvasElement, 'Notifications')).findAllByRole(
      'listitem',
    );
    await expect(first).toHaveTextContent(/12\.3\sMB of 48\.0\sMB/);
    await expect(second).toHaveTextContent('Upload failed');
    await expect(
      within(second!).getByRole('button', { name: 'Dismiss Interview Rohfassung.ogg' }),
    ).toBeVisible();
  },
};

/** English: speed, time left and the pause and resume buttons. */
export const EnglishResumable: Story = {
  globals: { locale: 'en' },
  args: {
    uploads: [resumable, { ...resumable, id: 'u9', filename: 'Lecture.wav', paused: true }],
    onUploadPause: fn(),
    onUploadResume: fn(),
  },
  play: async ({ canvasElement }) => {
    const [first, second] = await within(region(canvasElement, 'Notifications')).findAllByRole(
      'listitem',
    );
    await expect(first).toHaveTextContent(/2\.4\sMB\/s · 3\sminutes left/);
    await expect(
      within(first!).getByRole('button', { name: 'Pause upload of Teambesprechung März.m4a' }),
    ).toBeVisible();
    await expect(second).toHaveTextContent('Paused');
    await expect(
      within(second!).getByRole('button', { name: 'Resume upload of Lecture.wav' }),
    ).toBeVisible();
  },
};
