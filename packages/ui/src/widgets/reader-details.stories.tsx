import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { boardMeetingCleanedDetail } from '@protokoll/mocks/fixtures';
import { expectCalledOnceWith } from '../lib/story-helpers.ts';
import { RemovedPassages, SummaryGaps } from './reader-details.tsx';

const removed = boardMeetingCleanedDetail.removed_segments!;
const windows = boardMeetingCleanedDetail.summary!.windows!;

const meta = {
  title: 'Screens/Notes/Parts/ReaderDetails',
  component: RemovedPassages,
  args: { removed, onSeek: fn() },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RemovedPassages>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: how many passages were taken out and why, in one line. */
export const Removed: Story = {
  play: async ({ canvas }) => {
    const summary = canvas.getByText(
      '4 Passagen entfernt (Untertitel-Abspann, Wiederholung, Schleife)',
    );
    await expect(summary).toBeVisible();
    await expect(canvas.getByRole('group')).not.toHaveAttribute('open');
    await expect(canvas.queryByText('Untertitelung des ZDF, 2020')).not.toBeVisible();
  },
};

/** Opened: each passage with its reason, the engine's words and its time, which it jumps to. */
export const RemovedOpen: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText(/^4 Passagen entfernt/));
    await expect(canvas.getByText('Untertitelung des ZDF, 2020')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(
      canvas.getByRole('button', {
        name: 'Wiederholung Wir machen kurz Pause. Zur Stelle 25:10 springen',
      }),
    );
    await expectCalledOnceWith(args.onSeek, 1_510);
  },
};

/** One passage: singular, one reason. */
export const RemovedOne: Story = {
  args: { removed: removed.slice(-1) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 Passage entfernt (Untertitel-Abspann)')).toBeVisible();
  },
};

/** Nothing taken out: nothing shows. */
export const RemovedNone: Story = {
  args: { removed: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="removed-passages"]')).toBeNull();
  },
};

export const RemovedEnglish: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await userEvent.click(
      canvas.getByText('4 passages removed (subtitle credits, repetition, loop)'),
    );
    await expect(canvas.getByText(/they are not in the transcript/)).toBeVisible();
  },
};

/** A summary's windows with nothing to summarise, and one the model could not summarise. */
export const Gaps: Story = {
  render: (args) => (
    <SummaryGaps
      windows={[...windows.slice(0, 2), { ...windows[2]!, status: 'failed' }, ...windows.slice(3)]}
      onSeek={args.onSeek}
    />
  ),
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Nicht in der Zusammenfassung')).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      canvas.getByText(
        '20:00–30:00: Konnte nicht zusammengefasst werden (ungültige Antwort des Sprachmodells)',
      ),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', {
        name: '30:00–40:00: Nichts zusammenzufassen Zur Stelle 30:00 springen',
      }),
    );
    await expectCalledOnceWith(args.onSeek, 1_800);
  },
};

/** Every window is in the summary (or a summary from before windows): nothing shows. */
export const GapsNone: Story = {
  render: (args) => (
    <div data-testid="frame">
      <SummaryGaps windows={windows.slice(0, 3)} onSeek={args.onSeek} />
      <SummaryGaps windows={undefined} onSeek={args.onSeek} />
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('frame')).toBeEmptyDOMElement();
  },
};

export const GapsEnglish: Story = {
  globals: { locale: 'en' },
  render: (args) => <SummaryGaps windows={windows} onSeek={args.onSeek} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Not in the summary')).toBeVisible();
    await expect(canvas.getByText('40:00–45:12: Nothing to summarise')).toBeVisible();
  },
};
