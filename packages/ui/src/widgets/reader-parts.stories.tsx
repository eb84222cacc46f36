import { boardMeetingDetail } from '@protokoll/mocks/fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { SummarySection, TranscriptSection } from './reader-parts.tsx';

const note = boardMeetingDetail;

/** The two parts side by side, as the reader and the home page's example note lay them out. */
function ReaderParts({
  position,
  focusSegment,
  onSeek,
}: {
  position: number | null;
  focusSegment?: number;
  onSeek: (seconds: number) => void;
}) {
  return (
    <div className="grid max-w-5xl gap-8 md:grid-cols-2">
      <SummarySection summary={note.summary} onSeek={onSeek} />
      <TranscriptSection
        segments={note.segments}
        speakerNames={note.speaker_names}
        kept={note.transcribe}
        position={position}
        focusSegment={focusSegment}
        onSeek={onSeek}
      />
    </div>
  );
}

const meta = {
  title: 'Widgets/ReaderParts',
  component: ReaderParts,
  args: { position: null, onSeek: fn() },
} satisfies Meta<typeof ReaderParts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Summary and transcript; pressing a line or an item asks to play from where it was said. */
export const Default: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('region', { name: 'Zusammenfassung' })).toBeVisible();
    const transcript = canvas.getByRole('region', { name: 'Transkript' });
    const lines = transcript.querySelectorAll('[data-slot="transcript-line"]');
    await expect(lines.length).toBe(note.segments.length);
    await userEvent.click(lines[1] as HTMLElement);
    await expect(args.onSeek).toHaveBeenCalledWith(note.segments[1]!.start);
  },
};

/** While playing, the line being played is marked. */
export const Playing: Story = {
  args: { position: note.segments[2]!.start + 0.1 },
  play: async ({ canvasElement }) => {
    const lines = canvasElement.querySelectorAll('[data-slot="transcript-line"]');
    await expect(lines[2]).toHaveAttribute('aria-current', 'true');
    await expect(lines[1]).not.toHaveAttribute('aria-current');
  },
};

/** Opened from a search hit: its line is marked and described as the hit. */
export const SearchHit: Story = {
  args: { focusSegment: 3 },
  play: async ({ canvasElement }) => {
    const lines = canvasElement.querySelectorAll('[data-slot="transcript-line"]');
    await expect(lines[3]).toHaveAttribute('data-hit', 'true');
    await expect(lines[3]).toHaveAccessibleDescription(/Suche/);
  },
};

export const English: Story = {
  globals: { locale: 'en' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Transcript' })).toBeVisible();
  },
};
