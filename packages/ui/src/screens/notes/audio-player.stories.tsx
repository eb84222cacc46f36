import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { boardMeetingDetail, silentWav } from '@protokoll/mocks/fixtures';
import { AudioPlayer, type AudioPlayerProps, type SeekRequest } from './audio-player.tsx';
import { audioReady, audioUrl, expectNoOverflow } from '../../lib/story-helpers.ts';
import { SeekButton } from '../../widgets/seek-button.tsx';

/** One object URL of silence as long as the board meeting (45:12), shared by every story. */
let boardAudio: string | undefined;
const boardAudioSrc = () =>
  (boardAudio ??= audioUrl(silentWav(boardMeetingDetail.duration_seconds!)));

const topics = boardMeetingDetail.summary!.topics;

/** The player as the reader drives it: each summary topic asks for a jump to its start. */
function PlayerWithTopics(props: AudioPlayerProps) {
  const [seekRequest, setSeekRequest] = useState<SeekRequest | null>(null);
  return (
    <div className="grid gap-3">
      <AudioPlayer {...props} seekRequest={seekRequest} />
      <ul className="grid gap-0.5">
        {topics.map((topic) => (
          <li key={topic.title}>
            <SeekButton
              start={topic.start}
              onSeek={(time) => setSeekRequest((last) => ({ time, id: (last?.id ?? 0) + 1 }))}
            >
              {topic.title}
            </SeekButton>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The `<audio>` element, found by the name the caller gave it. */
const player = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLAudioElement>('audio[aria-label="Aufnahme"]')!;

const meta = {
  title: 'Screens/Notes/Parts/AudioPlayer',
  component: AudioPlayer,
  loaders: [() => ({ src: boardAudioSrc() })],
  // An empty `src` stands for the silent recording the loader made.
  render: (args, { loaded }) => <AudioPlayer {...args} src={args.src || (loaded.src as string)} />,
  args: { src: '', label: 'Aufnahme', onPositionChange: fn(), onError: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof AudioPlayer>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The browser's own controls, named, with the recording's length once it has loaded. */
export const Default: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    const audio = canvas.getByLabelText<HTMLAudioElement>('Aufnahme', { selector: 'audio' });
    await expect(audio).toHaveAttribute('controls');
    await expect(audio).toHaveAttribute('data-slot', 'audio-player');
    await expect(audio.duration).toBe(2_712);
    await expect(audio.currentTime).toBe(0);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/**
 * A seek request moves `currentTime` and the new position is reported; a new request for the
 * same second (a second click after the person moved on) jumps again.
 */
export const Seek: Story = {
  render: (args, { loaded }) => <PlayerWithTopics {...args} src={loaded.src as string} />,
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    const audio = player(canvasElement);
    const warehouse = canvas.getByRole('button', {
      name: 'Umzug des Lagers Zur Stelle 10:12 springen',
    });
    await userEvent.click(warehouse);
    await waitFor(() => expect(audio.currentTime).toBe(612));
    await waitFor(() => expect(args.onPositionChange).toHaveBeenLastCalledWith(612));

    // The person drags the slider elsewhere, then asks for the same passage again.
    audio.currentTime = 30;
    await waitFor(() => expect(args.onPositionChange).toHaveBeenLastCalledWith(30));
    await userEvent.click(warehouse);
    await waitFor(() => expect(audio.currentTime).toBe(612));

    await userEvent.click(canvas.getByRole('button', { name: /^Personalplanung/ }));
    await waitFor(() => expect(audio.currentTime).toBeCloseTo(1_420.5, 1));
  },
};

/** A jump asked for before the recording has loaded is applied once it has. */
export const SeekBeforeLoad: Story = {
  // Chromium paints the native timeline of a seek before load at slightly different spots.
  tags: ['no-visual'],
  args: { seekRequest: { time: 44, id: 1 } },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(44));
  },
};

/**
 * A recording that cannot be loaded is reported through `onError`. The player has no words of
 * its own: the reader shows "Die Aufnahme ist nicht verfügbar." below it (see NoteReader).
 */
export const Unavailable: Story = {
  args: { src: 'data:audio/wav;base64,AAAA' },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(args.onError).toHaveBeenCalledOnce());
    const audio = player(canvasElement);
    await expect(audio.error?.code).toBe(MediaError.MEDIA_ERR_SRC_NOT_SUPPORTED);
    await expect(audio).toBeVisible();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await expectNoOverflow(canvasElement);
  },
};
