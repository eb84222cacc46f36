import { demoMinutes, unlimitedMinutes } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { expectNoOverflow } from '../../lib/story-helpers.ts';
import { FileSection } from './file-section.tsx';

/** A recording as the browser hands it over; `size` is what the file claims. */
function recording(name: string, size: number, type = 'audio/mp4'): File {
  const file = new File([new Uint8Array(64)], name, { type, lastModified: 1_772_443_800_000 });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const meeting = recording('Teambesprechung März.m4a', 24_117_248);

const refusal = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="refusal"]');

const meta = {
  title: 'Screens/Protocol/Parts/FileSection',
  component: FileSection,
  args: {
    file: undefined,
    maxBytes: 1024 ** 3,
    onFile: fn(),
    error: undefined,
    disabled: false,
    inputRef: undefined,
    duration: undefined,
    cost: undefined,
    minutes: demoMinutes,
    unlimited: false,
    remaining: demoMinutes.remaining,
    refusal: undefined,
    refusalId: 'file-refusal',
  },
  decorators: [
    (Story) => (
      <div className="max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof FileSection>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No file yet: the "Datei hochladen" action with the drop zone; a picked file is reported. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    const upload = canvas.getByRole('region', { name: 'Datei hochladen' });
    await expect(within(upload).getByText('Audiodatei hierher ziehen')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="file-cost"]')).toBeNull();
    await userEvent.upload(canvas.getByLabelText('Datei auswählen'), meeting);
    await expect(args.onFile).toHaveBeenCalledWith(meeting);
  },
};

/** A chosen file of 12:34: it costs 13 minutes of the 18 left. */
export const Chosen: Story = {
  args: { file: meeting, duration: 754, cost: 13 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="file-duration"]')).toHaveTextContent(
      '12:34',
    );
    await expect(canvasElement.querySelector('[data-slot="file-cost-minutes"]')).toHaveTextContent(
      '13 Minuten',
    );
    await expect(refusal(canvasElement)).toBeNull();
  },
};

/** 1:09 reads as a clock and costs 2 minutes, in full words: every started minute counts. */
export const ShortRecording: Story = {
  args: { file: meeting, duration: 69, cost: 2 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="file-duration"]')).toHaveTextContent(
      '1:09',
    );
    await expect(canvasElement.querySelector('[data-slot="file-cost-minutes"]')).toHaveTextContent(
      '2 Minuten',
    );
    await expect(canvas.getByText(/Danach verbleiben Ihnen 16 Minuten\./)).toBeVisible();
  },
};

/** The length is still being read: no cost yet. */
export const Reading: Story = {
  args: { file: meeting, duration: undefined, cost: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="file-duration"]')).toHaveTextContent(
      'wird ermittelt …',
    );
  },
};

/** Too few minutes: the refusal names cost and balance in full words, and offers the upgrade. */
export const NotEnoughMinutes: Story = {
  args: {
    file: meeting,
    duration: 1_500,
    cost: 25,
    refusal: { kind: 'notEnoughMinutes', cost: 25, remaining: 18 },
    onUpgrade: fn(),
  },
  play: async ({ canvasElement, args }) => {
    const alert = refusal(canvasElement)!;
    await expect(alert).toHaveAttribute('id', 'file-refusal');
    await expect(alert).toHaveTextContent('Nicht genug Minuten');
    await expect(alert).toHaveTextContent(
      'Diese Aufnahme kostet 25 Minuten, Ihnen bleiben aber nur 18 Minuten.',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Tarif upgraden' }));
    await expect(args.onUpgrade).toHaveBeenCalledOnce();
  },
};

/** Longer than the plan allows: the length as a clock, so it never reads as exactly the limit. */
export const OverPlanLimit: Story = {
  args: {
    file: meeting,
    duration: 2_401,
    cost: 41,
    minutes: unlimitedMinutes,
    unlimited: true,
    remaining: unlimitedMinutes.remaining,
    refusal: { kind: 'overPlanLimit', plan: 'Free', limitMinutes: 30, duration: 2_401 },
  },
  play: async ({ canvasElement }) => {
    const alert = refusal(canvasElement)!;
    await expect(alert).toHaveTextContent(
      'Ihr Tarif Free erlaubt höchstens 30 Minuten pro Aufnahme, diese dauert 40:01.',
    );
    // Without `onUpgrade` there is nothing to press.
    await expect(within(alert).queryByRole('button')).toBeNull();
  },
};

/** Not audio: the reason at the drop zone, and no length or cost. */
export const NotAudio: Story = {
  args: {
    file: recording('Protokoll.pdf', 120_000, 'application/pdf'),
    notAudio: true,
    error:
      'Die Datei ist keine Audiodatei in einem unterstützten Format (MP3, M4A, WAV, OGG/Opus, WebM, FLAC).',
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByLabelText('Andere Datei wählen')).toHaveAccessibleDescription(
      /keine Audiodatei in einem unterstützten Format/,
    );
    await expect(canvasElement.querySelector('[data-slot="file-cost"]')).toBeNull();
  },
};

/** The recorder is the first action, beside the upload (above it on a phone). */
export const WithRecorder: Story = {
  args: {
    recorder: (
      <p className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">
        Platz für den Rekorder
      </p>
    ),
  },
  play: async ({ canvas }) => {
    const recorder = canvas.getByText('Platz für den Rekorder');
    const upload = canvas.getByRole('region', { name: 'Datei hochladen' });
    await expect(recorder).toBeVisible();
    // Side by side on a wide screen, recording first.
    await expect(recorder.getBoundingClientRect().right).toBeLessThanOrEqual(
      upload.getBoundingClientRect().left,
    );
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  args: {
    file: meeting,
    duration: 1_500,
    cost: 25,
    refusal: { kind: 'notEnoughMinutes', cost: 25, remaining: 18 },
    onUpgrade: fn(),
  },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Upload a file' })).toBeVisible();
    await expect(refusal(canvasElement)).toHaveTextContent(
      'This recording costs 25 minutes, but you only have 18 minutes left.',
    );
  },
};

/** A long German file name and the refusal on a phone: they wrap instead of running out. */
export const LongNameMobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  args: {
    file: recording(
      'Quartalsbesprechung_Geschäftsführung_Donaudampfschifffahrtsgesellschaft_2026-03-02_final.m4a',
      524_288_000,
    ),
    duration: 2_401,
    cost: 41,
    refusal: { kind: 'overPlanLimit', plan: 'Free', limitMinutes: 30, duration: 2_401 },
    onUpgrade: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(refusal(canvasElement)).toBeVisible();
    await expectNoOverflow(canvasElement);
  },
};
