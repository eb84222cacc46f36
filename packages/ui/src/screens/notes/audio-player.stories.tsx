import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { boardMeetingDetail, demoPeaks, silentWav } from '@protokoll/mocks/fixtures';
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

/** The hidden `<audio>` element under the player's controls. */
const player = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLAudioElement>('audio')!;

const boardPeaks = demoPeaks(boardMeetingDetail.duration_seconds!).peaks;

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

/**
 * The designed player: a group named "Aufnahme" with play, −15/+15 s, the time, the level
 * overview as a slider, and the speed; the recording's length once it has loaded.
 */
export const Default: Story = {
  args: { peaks: boardPeaks, duration: boardMeetingDetail.duration_seconds! },
  play: async ({ canvas, canvasElement, args }) => {
    await audioReady(canvasElement);
    const group = within(canvas.getByRole('group', { name: 'Aufnahme' }));
    await expect(group.getByRole('button', { name: 'Abspielen' })).toBeVisible();
    await expect(group.getByRole('button', { name: '15 Sekunden zurück' })).toBeVisible();
    await expect(group.getByRole('button', { name: '15 Sekunden vor' })).toBeVisible();
    const track = group.getByRole('slider', { name: 'Position in der Aufnahme' });
    await waitFor(() => expect(track).toHaveAttribute('aria-valuetext', '0:00 von 45:12'));
    await expect(canvasElement.querySelector('[data-slot="player-waveform"] rect')).not.toBeNull();
    await expect(player(canvasElement).duration).toBe(2_712);
    await expect(args.onError).not.toHaveBeenCalled();

    // +15 s, the keys J/L and the arrows, and Home on the slider.
    await userEvent.click(group.getByRole('button', { name: '15 Sekunden vor' }));
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(15));
    await userEvent.keyboard('l');
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(30));
    await userEvent.keyboard('j');
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(15));
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(20));
    await expect(track).toHaveAttribute('aria-valuetext', '0:20 von 45:12');
    track.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(2_712));
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(player(canvasElement).currentTime).toBe(0));
  },
};

/** A click into the level overview jumps to that share of the recording. */
export const ClickIntoOverview: Story = {
  args: { peaks: boardPeaks, duration: boardMeetingDetail.duration_seconds! },
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    const track = canvas.getByRole('slider', { name: 'Position in der Aufnahme' });
    const box = track.getBoundingClientRect();
    track.dispatchEvent(
      new MouseEvent('click', {
        bubbles: true,
        clientX: box.left + box.width / 2,
        clientY: box.top + box.height / 2,
      }),
    );
    // Half-way, to within the width of a pixel or two of the track.
    await waitFor(() =>
      expect(Math.abs(player(canvasElement).currentTime - 1_356)).toBeLessThan(10),
    );
  },
};

/** The speed menu offers 0.75× to 2×; the choice sets the recording's rate. */
export const Speed: Story = {
  args: { peaks: boardPeaks },
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Geschwindigkeit: 1-fach' }));
    const options = await screen.findAllByRole('menuitemradio');
    await expect(options.map((option) => option.textContent)).toEqual([
      '0,75×',
      '1×',
      '1,25×',
      '1,5×',
      '1,75×',
      '2×',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: '1,5×' }));
    await waitFor(() => expect(player(canvasElement).playbackRate).toBe(1.5));
    await expect(canvas.getByRole('button', { name: 'Geschwindigkeit: 1,5-fach' })).toBeVisible();
  },
};

/** Without an overview (it could not be measured) a plain track stands in; it still seeks. */
export const WithoutOverview: Story = {
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    await expect(canvasElement.querySelector('[data-slot="player-waveform"]')).toBeNull();
    await expect(canvas.getByRole('slider', { name: 'Position in der Aufnahme' })).toBeVisible();
  },
};

export const English: Story = {
  args: { peaks: boardPeaks, label: 'Recording' },
  globals: { locale: 'en' },
  play: async ({ canvas, canvasElement }) => {
    await audioReady(canvasElement);
    const group = within(canvas.getByRole('group', { name: 'Recording' }));
    await expect(group.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(group.getByRole('button', { name: 'Back 15 seconds' })).toBeVisible();
    const track = group.getByRole('slider', { name: 'Position in the recording' });
    await waitFor(() => expect(track).toHaveAttribute('aria-valuetext', '0:00 of 45:12'));
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
  },
};

export const Mobile: Story = {
  args: { peaks: boardPeaks },
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    await audioReady(canvasElement);
    await expectNoOverflow(canvasElement);
  },
};
